import { describeDeleteResult } from './use-delete-listings-action';

describe('describeDeleteResult', () => {
  it('reports the count when everything asked for was deleted', () => {
    expect(describeDeleteResult(3, 3)).toEqual({ title: 'Listings deleted', message: 'Deleted 3 listings.', partial: false });
    expect(describeDeleteResult(1, 1).message).toBe('Deleted 1 listing.');
  });

  it('says plainly when fewer were deleted than asked', () => {
    expect(describeDeleteResult(3, 2)).toEqual({
      title: 'Some listings were not deleted',
      message: 'Deleted 2 of 3 listings. 1 was not found; it may have been deleted already.',
      partial: true,
    });
    expect(describeDeleteResult(2, 0)).toEqual({
      title: 'Nothing was deleted',
      message: 'Deleted 0 of 2 listings. 2 were not found; they may have been deleted already.',
      partial: true,
    });
  });
});
