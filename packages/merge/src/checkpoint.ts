import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { MergeError } from './errors';
import { readSafetensorsHeader, type SafetensorsHeader, type TensorInfo } from './safetensors/header';

export const SINGLE_FILE = 'model.safetensors';
export const INDEX_FILE = 'model.safetensors.index.json';

export interface CheckpointTensor extends TensorInfo {
  file: SafetensorsHeader;
}

/** A Hugging Face checkpoint directory: one model.safetensors, or shards listed in the index. */
export interface Checkpoint {
  dir: string;
  files: SafetensorsHeader[];
  /** Tensors in storage order: by shard (index order), then by offset. */
  tensors: Map<string, CheckpointTensor>;
}

export async function openCheckpoint(dirArg: string): Promise<Checkpoint> {
  const dir = resolve(dirArg);
  const info = await stat(dir).catch(() => null);
  if (!info) throw new MergeError(`model directory not found: ${dir}`);
  if (!info.isDirectory()) throw new MergeError(`not a directory: ${dir}`);
  const indexPath = join(dir, INDEX_FILE);
  let shardNames: string[];
  let weightMap: Record<string, string> | undefined;
  if (await exists(indexPath)) {
    weightMap = parseIndex(await readFile(indexPath, 'utf8'), indexPath);
    shardNames = [...new Set(Object.values(weightMap))];
  } else if (await exists(join(dir, SINGLE_FILE))) {
    shardNames = [SINGLE_FILE];
  } else {
    throw new MergeError(`no ${SINGLE_FILE} or ${INDEX_FILE} in ${dir}`);
  }
  const files = await Promise.all(shardNames.map((name) => readSafetensorsHeader(join(dir, name))));
  const tensors = new Map<string, CheckpointTensor>();
  for (const file of files) {
    for (const t of file.tensors) {
      const other = tensors.get(t.name);
      if (other) throw new MergeError(`also stored in ${other.file.path}`, file.path, t.name);
      if (weightMap && weightMap[t.name] !== basename(file.path)) {
        throw new MergeError(`not listed for this shard in ${INDEX_FILE}`, file.path, t.name);
      }
      tensors.set(t.name, { ...t, file });
    }
  }
  for (const name of Object.keys(weightMap ?? {})) {
    if (!tensors.has(name))
      throw new MergeError(`listed in the index but missing from ${weightMap![name]}`, indexPath, name);
  }
  return { dir, files, tensors };
}

function parseIndex(text: string, path: string): Record<string, string> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new MergeError(`not valid JSON (${(err as Error).message})`, path);
  }
  const map = (raw as { weight_map?: unknown } | null)?.weight_map;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw new MergeError('no weight_map object', path);
  for (const [name, file] of Object.entries(map)) {
    if (typeof file !== 'string' || file.includes('/') || file.includes('\\') || file.startsWith('.')) {
      throw new MergeError(`weight_map entry ${JSON.stringify(file)} is not a file name in the directory`, path, name);
    }
  }
  return map as Record<string, string>;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}
