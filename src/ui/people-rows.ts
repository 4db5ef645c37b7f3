/**
 * What the players list shows, as data: one row per player present (this player first,
 * then by name), who is this player, who may build, and which of the owner's controls a
 * row gets. Pure, so the rules are tested without a page.
 */
import type { BuildPolicy } from '../net/protocol';

export interface PersonInput {
  /** Public id (what the owner invites or removes by). */
  id: string;
  name: string;
  isSelf: boolean;
  /** The room says this player owns the world. */
  isOwner?: boolean;
}

export interface WorldRights {
  /** This client is the world's owner. */
  isOwner: boolean;
  policy: BuildPolicy;
  /** Public ids of the invited builders. */
  builders: ReadonlySet<string>;
}

export interface PersonRow {
  id: string;
  name: string;
  isSelf: boolean;
  /** Marked as the owner. */
  isOwner: boolean;
  mayBuild: boolean;
  /** The owner's "May build" toggle: only under "only invited builders", never on their own row. */
  showBuildToggle: boolean;
  /** The owner's "Remove": never on their own row. */
  showRemove: boolean;
}

export function peopleRows(people: readonly PersonInput[], rights: WorldRights): PersonRow[] {
  // One row per public id: a player who rejoined may be listed twice for a moment.
  const byId = new Map<string, PersonInput>();
  for (const p of people) if (!byId.has(p.id) || p.isSelf) byId.set(p.id, p);
  const rows = [...byId.values()].map((p): PersonRow => {
    const ownerHere = (p.isSelf && rights.isOwner) || p.isOwner === true;
    const others = rights.isOwner && !p.isSelf && p.isOwner !== true;
    return {
      id: p.id,
      name: p.name,
      isSelf: p.isSelf,
      isOwner: ownerHere,
      mayBuild: ownerHere || rights.policy === 'visitors' || rights.builders.has(p.id),
      showBuildToggle: others && rights.policy === 'invited',
      showRemove: others,
    };
  });
  return rows.sort((a, b) => Number(b.isSelf) - Number(a.isSelf) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The row's label: the name, with "(you)" and "owner" as they apply. */
export function rowLabel(row: PersonRow): string {
  const marks = [row.isSelf ? 'you' : '', row.isOwner ? 'owner' : ''].filter(Boolean);
  return marks.length > 0 ? `${row.name} (${marks.join(', ')})` : row.name;
}

/** The builders after the owner ticked or unticked a player's "May build". */
export function withBuilder(builders: ReadonlySet<string>, id: string, on: boolean): string[] {
  const next = new Set(builders);
  if (on) next.add(id);
  else next.delete(id);
  return [...next];
}
