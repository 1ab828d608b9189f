// Which locations a tab's event stream follows (src/live/followed.ts), and the position of a stream
// of several locations (domain/liveEvents.ts), which the client resumes from.
import { describe, expect, it } from 'vitest';
import { listedLocations, locationsToFollow } from '../../src/live/followed';
import { formatStreamPosition, parseStreamPosition } from '../../domain/liveEvents';

describe('the locations a tab follows', () => {
  it('is the working location plus every location the screens on show list, each once', () => {
    // The transactions of locations 1 and 3 opened from location 1, and the control page's 1, 2, 4.
    expect(locationsToFollow(1, [[1, 3], [4, 2, 1]])).toEqual([1, 2, 3, 4]);
    expect(locationsToFollow(null, [[2]])).toEqual([2]);
    expect(locationsToFollow(5, [])).toEqual([5]);
    expect(locationsToFollow(null, [])).toEqual([]);
  });

  it('follows the locations a list shows: those chosen in its filter, or all its choices when none is', () => {
    expect(listedLocations([3, 1], [1, 2, 3])).toEqual([3, 1]);
    // URL params can come as text.
    expect(listedLocations(['2'], [1, 2, 3])).toEqual([2]);
    expect(listedLocations(4, [1, 2])).toEqual([4]);
    // No filter: the list spans every location of the user.
    expect(listedLocations(undefined, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(listedLocations([], [1, 2])).toEqual([1, 2]);
  });
});

describe('the position of a stream of several locations', () => {
  it('is written per location, in location order, and read back', () => {
    const text = formatStreamPosition(new Map([[2, 12], [1, 35]]));
    expect(text).toBe('1:35,2:12');
    expect([...parseStreamPosition(text)]).toEqual([[1, 35], [2, 12]]);
  });

  it('leaves out what it cannot read (that location starts from now)', () => {
    expect([...parseStreamPosition('1:35,x:3,2:-1,3:7')]).toEqual([[1, 35], [3, 7]]);
    expect(parseStreamPosition(undefined).size).toBe(0);
    expect(parseStreamPosition('17').size).toBe(0);
  });
});
