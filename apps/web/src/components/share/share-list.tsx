'use client';

import { formatTimestamp } from '@frontier/core';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiSend } from '@/lib/api/api-post';
import type { ShareListItem } from '@/lib/share/share';

export function ShareList({ initial, showOwner }: { initial: ShareListItem[]; showOwner: boolean }) {
  const [shares, setShares] = useState(initial);
  const remove = useMutation({
    mutationFn: (token: string) => apiSend<{ deleted: string }>('DELETE', `/api/shares/${token}`),
    onSuccess: ({ deleted }) => setShares((s) => s.filter((x) => x.token !== deleted)),
  });
  if (shares.length === 0)
    return (
      <p className="muted" data-testid="shares-empty">
        No share links yet: the Share button of a study view makes one.
      </p>
    );
  return (
    <>
      {remove.error && (
        <p className="field-error" role="alert">
          Could not delete: {remove.error.message}
        </p>
      )}
      <table className="jobs-table" data-testid="share-list">
        <thead>
          <tr>
            <th>Link</th>
            <th>Study</th>
            <th>View</th>
            {showOwner && <th>Owner</th>}
            <th>Made</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {shares.map((s) => (
            <tr key={s.token} data-testid="share-row" data-token={s.token}>
              <td>
                <Link href={`/s/${s.token}`}>/s/{s.token}</Link>
              </td>
              <td>{s.studyName}</td>
              <td className="muted">{s.view}</td>
              {showOwner && <td>{s.createdBy ?? '—'}</td>}
              <td data-testid="share-made" data-value={s.createdAt}>
                {formatTimestamp(s.createdAt)}
              </td>
              <td>
                <button
                  type="button"
                  data-testid="share-delete"
                  disabled={remove.isPending && remove.variables === s.token}
                  onClick={() => remove.mutate(s.token)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
