export { deletedOf, deleteUploads, describeUpload, FILE_REQUIREMENTS, type IncomingFile, storeField, storeUpload, UPLOAD_URL_PREFIX, uploadsDir } from './storage.ts';
