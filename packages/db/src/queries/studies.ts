import type { Db } from '../client';

// Looking a study up by what a person types.

/** The study named `nameOrId`, else the one with that id: a name that looks like a number wins. */
export async function findStudy(db: Db, nameOrId: string): Promise<{ id: number; name: string } | undefined> {
  const select = { id: true, name: true } as const;
  const byName = await db.prisma.study.findUnique({ where: { name: nameOrId }, select });
  if (byName) return byName;
  const id = Number(nameOrId);
  if (!/^[0-9]+$/.test(nameOrId) || id > 2 ** 31 - 1) return undefined; // not an id a study can have
  return (await db.prisma.study.findUnique({ where: { id }, select })) ?? undefined;
}
