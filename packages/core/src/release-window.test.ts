import { describe, expect, it } from 'vitest';
import { inReleaseWindow, isWindowed, releaseDay, releaseDayProblem, releaseWindowProblem } from './release-window';

describe('release window', () => {
  it('includes both bounds and nothing outside them', () => {
    const w = { from: '2024-03-01', to: '2024-03-31' };
    expect(inReleaseWindow('2024-03-01', w)).toBe(true);
    expect(inReleaseWindow('2024-03-31', w)).toBe(true);
    expect(inReleaseWindow('2024-03-15', w)).toBe(true);
    expect(inReleaseWindow('2024-02-29', w)).toBe(false);
    expect(inReleaseWindow('2024-04-01', w)).toBe(false);
  });

  it('leaves a bound open when it is absent', () => {
    expect(inReleaseWindow('1999-01-01', { to: '2024-01-01' })).toBe(true);
    expect(inReleaseWindow('2030-01-01', { from: '2024-01-01' })).toBe(true);
    expect(inReleaseWindow('2023-12-31', { from: '2024-01-01' })).toBe(false);
  });

  it('leaves undated problems out of a window, and in when there is none', () => {
    expect(inReleaseWindow(null, { from: '2024-01-01' })).toBe(false);
    expect(inReleaseWindow(null, {})).toBe(true);
    expect(isWindowed({})).toBe(false);
    expect(isWindowed({ to: '2024-01-01' })).toBe(true);
  });

  it('takes the UTC day of an instant', () => {
    expect(releaseDay(new Date('2024-03-09T23:30:00-05:00'))).toBe('2024-03-10');
    expect(releaseDay(new Date(Date.UTC(2024, 2, 9)))).toBe('2024-03-09');
  });

  it('accepts real days only, written YYYY-MM-DD', () => {
    expect(releaseDayProblem('2024-02-29')).toBeUndefined();
    expect(releaseDayProblem('2023-02-29')).toMatch(/not a day of the calendar/);
    expect(releaseDayProblem('2024-13-01')).toMatch(/not a day of the calendar/);
    expect(releaseDayProblem('2024-3-1')).toMatch(/YYYY-MM-DD/);
    expect(releaseDayProblem('2024-03-01T00:00:00')).toMatch(/YYYY-MM-DD/);
  });

  it('refuses a window whose start is after its end', () => {
    expect(releaseWindowProblem({ from: '2024-05-02', to: '2024-05-01' })).toMatch(/after/);
    expect(releaseWindowProblem({ from: '2024-05-01', to: '2024-05-01' })).toBeUndefined();
    expect(releaseWindowProblem({ from: '2024-05-01' })).toBeUndefined();
  });
});
