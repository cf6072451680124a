import { apiModule } from '../../lib/module.ts';
import { registerUploadFiles } from './routes.ts';

/** The uploads module: stored files and their addresses. */
export const uploadsModule = apiModule('uploads', async (app) => {
  await registerUploadFiles(app);
});
