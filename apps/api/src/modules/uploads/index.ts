import { apiModule } from '../../lib/module.ts';
import { registerUploadFiles } from './routes.ts';

/** The uploads module: stored files and their addresses. */
export const uploadsModule = apiModule('uploads', async (app) => {
  await registerUploadFiles(app);
});

export { deleteUploads, describeUpload, FILE_REQUIREMENTS, type IncomingFile, storeUpload, UPLOAD_URL_PREFIX, uploadsDir } from './storage.ts';
