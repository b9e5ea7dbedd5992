'use client';

import { isWindowed } from '@frontier/core';
import type { Facets } from '@/lib/study/facets';
import type { FilterKey, Filters } from '@/lib/study/filters';
import { ReleaseWindowControl } from './release-window';

interface Props {
  filters: Filters;
  facets: Facets;
  /** Problems the data on screen left out for want of a release date (StudyData.undated). */
  undated?: number;
  onChange: (next: Filters) => void;
}

const FIELDS: {
  key: Exclude<FilterKey, 'from' | 'to'>;
  label: string;
  facet: 'difficulties' | 'settings' | 'scales';
  all: string;
}[] = [
  { key: 'difficulty', label: 'Difficulty', facet: 'difficulties', all: 'All difficulties' },
  { key: 'setting', label: 'Inference setting', facet: 'settings', all: 'All settings (pooled)' },
  { key: 'scale', label: 'Model scale', facet: 'scales', all: 'All scales' },
];

export function FilterBar({ filters, facets, undated, onChange }: Props) {
  const active = FIELDS.some(({ key }) => filters[key] !== undefined) || isWindowed(filters);
  return (
    <div className="filters" data-testid="filters">
      {FIELDS.map(({ key, label, facet, all }) => {
        const current = filters[key];
        // A value from a link that the data no longer has stays selectable, so the view is honest.
        const options =
          current === undefined || facets[facet].includes(current) ? facets[facet] : [current, ...facets[facet]];
        return (
          <label key={key}>
            {label}
            <select
              data-testid={`filter-${key}`}
              value={current ?? ''}
              onChange={(e) => onChange({ ...filters, [key]: e.target.value === '' ? undefined : e.target.value })}
            >
              <option value="">{all}</option>
              {options.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {facets.releaseDays && (
        <ReleaseWindowControl
          releaseDays={facets.releaseDays}
          window={{ from: filters.from, to: filters.to }}
          undated={undated}
          onChange={(w) => {
            const { from: _from, to: _to, ...rest } = filters;
            onChange({ ...rest, ...w });
          }}
        />
      )}
      {active && (
        <button type="button" data-testid="clear-filters" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </div>
  );
}
