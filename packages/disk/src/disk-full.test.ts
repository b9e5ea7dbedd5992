import { describe, expect, it } from 'vitest';
import { DiskFullError, explainDiskFull, formatBytes, isOutOfSpace } from './disk-full';

const errno = (code: string, message = `${code}: failed`) => Object.assign(new Error(message), { code });

describe('isOutOfSpace', () => {
  it('knows ENOSPC and EDQUOT from Node, and disk_full from Postgres', () => {
    expect(isOutOfSpace(errno('ENOSPC'))).toBe(true);
    expect(isOutOfSpace(errno('EDQUOT'))).toBe(true);
    expect(isOutOfSpace(errno('53100', 'could not extend file "base/1/2": No space left on device'))).toBe(true);
  });

  it('knows the words another process relayed, and a cause', () => {
    expect(isOutOfSpace(new Error('sandbox supervisor: OSError: [Errno 28] No space left on device'))).toBe(true);
    expect(isOutOfSpace(new Error('wrapped', { cause: errno('ENOSPC') }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isOutOfSpace(errno('EACCES'))).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
    const other = errno('EIO');
    expect(explainDiskFull(other, { path: '/x' })).toBe(other);
  });
});

describe('DiskFullError', () => {
  it('says where, what was needed and what is free, and what to do', () => {
    const e = new DiskFullError({
      path: '/data/out',
      device: '/dev/sdb1 (mounted at /data)',
      neededBytes: 3.25 * 2 ** 30,
      freeBytes: 2 ** 30 + 1,
    });
    expect(e.message).toBe(
      'no space left on /dev/sdb1 (mounted at /data) for /data/out: needed ~3.3 GiB, 1.0 GiB free; free some space and retry',
    );
    expect(e.code).toBe('ENOSPC');
    expect(new DiskFullError({ path: 'x', neededBytes: 1500, atLeast: true }).message).toBe(
      'no space left on the disk for x: needed more than 2 KiB; free some space and retry',
    );
  });

  it('rounds what is needed up and what is free down', () => {
    expect(formatBytes(2 ** 20 + 1, 'up')).toBe('1.1 MiB');
    expect(formatBytes(2 ** 21 - 1, 'down')).toBe('1.9 MiB');
    expect(formatBytes(512, 'up')).toBe('512 B');
  });

  it('is made once: a DiskFullError passes through explainDiskFull unchanged', () => {
    const e = new DiskFullError({ path: '/a' });
    expect(explainDiskFull(e, { path: '/b' })).toBe(e);
  });

  it('names the device and measures its free space for a real path', () => {
    const e = explainDiskFull(errno('ENOSPC'), {
      path: '/tmp/frontier-no-such-dir/file',
      neededBytes: 10,
    }) as DiskFullError;
    expect(e).toBeInstanceOf(DiskFullError);
    expect(e.message).toMatch(
      /^no space left on \S+ \(mounted at \/\S*\) for \/tmp\/frontier-no-such-dir\/file: needed ~10 B, \S+ \S+ free; free some space and retry$/,
    );
    expect(e.cause).toMatchObject({ code: 'ENOSPC' });
  });
});
