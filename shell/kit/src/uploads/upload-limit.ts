import { queryOptions, useQuery } from '@tanstack/react-query';

/** Whole megabytes (1 MB = 1 048 576 bytes) as the server's 413 message writes them: '10', '2.5'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/**
 * GET /config.json → `uploadMaxBytes`: the largest image POST /api/upload accepts (the server's
 * UPLOAD_MAX_BYTES). Answers null when the server does not say (an older server, a dev server
 * without it): then only the server refuses, with its 413.
 */
export function getUploadLimitQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'upload-limit'] as const,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<number | null> => {
      try {
        const response = await fetch('/config.json', { signal, cache: 'no-cache' });
        if (!response.ok) return null;
        const { uploadMaxBytes } = (await response.json()) as { uploadMaxBytes?: unknown };
        return typeof uploadMaxBytes === 'number' && uploadMaxBytes > 0 ? uploadMaxBytes : null;
      } catch {
        return null;
      }
    },
  });
}

/** The server's upload limit in bytes; null while unknown. */
export function useUploadLimit(): number | null {
  return useQuery(getUploadLimitQueryOptions()).data ?? null;
}

/**
 * Why `file` cannot be uploaded because of its size, or undefined when it can (or the limit is
 * unknown): 'The file is too large (12.4 MB): at most 10 MB can be uploaded.' (the server's 413 words).
 */
export function uploadSizeError(file: File | null, maxBytes: number | null): string | undefined {
  if (!file || maxBytes === null || file.size <= maxBytes) return undefined;
  return `The file is too large (${formatMegabytes(file.size)} MB): at most ${formatMegabytes(maxBytes)} MB can be uploaded.`;
}
