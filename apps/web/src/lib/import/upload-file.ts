import { ApiError } from '../api/api-fetch';
import type { ApiErrorBody } from '../api/api-error';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs a file as the request body with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Non-2xx answers become ApiError with the server's message.
 */
export function uploadFile<T>(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            (body as ApiErrorBody | undefined)?.error?.message ?? `the upload failed with status ${xhr.status}`,
          ),
        );
    };
    // A server that refuses a body too large may close the connection before the browser reads its answer.
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "the upload broke off: the connection was closed (a file larger than the server's import limit is cut off this way)",
        ),
      );
    xhr.onabort = () => reject(new ApiError(0, 'the upload was cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
