// Keyboard dragging between drop zones: after Space picks a playground up, each arrow key jumps
// to the next (Down/Right) or previous (Up/Left) zone in reading order, instead of dnd-kit's
// default 25 px steps, so a group at the bottom of the page is a few key presses away.
import { KeyboardCode, type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core';

const NEXT: string[] = [KeyboardCode.Down, KeyboardCode.Right];
const PREVIOUS: string[] = [KeyboardCode.Up, KeyboardCode.Left];

/** Inset of the dragged chip inside the zone it jumps to: well inside, so the zone is "over". */
const INSET = 12;

export const zoneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
  const forward = NEXT.includes(event.code);
  if (!forward && !PREVIOUS.includes(event.code)) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const zones = droppableContainers.getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((z): z is { id: UniqueIdentifier; rect: NonNullable<typeof z.rect> } => !!z.rect)
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (zones.length === 0) return undefined;
  const from = (context.active?.data.current as { from?: UniqueIdentifier } | undefined)?.from;
  const currentId = over?.id ?? from ?? active;
  const index = zones.findIndex((z) => z.id === currentId);
  const nextIndex = index === -1 ? 0 : Math.min(zones.length - 1, Math.max(0, index + (forward ? 1 : -1)));
  const target = zones[nextIndex]!.rect;
  return { x: target.left + INSET, y: target.top + INSET };
};
