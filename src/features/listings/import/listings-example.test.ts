import exampleCsv from '../../../../docs/listings-example.csv?raw';
import { autoMapColumns } from './column-mapping';
import { parseCsvText } from './csv-file';
import { validateRows } from './validate-file';

describe('docs/listings-example.csv (the README’s example)', () => {
  it('maps every column by its name and imports every row cleanly', () => {
    const table = parseCsvText(exampleCsv);
    const mapping = autoMapColumns(table.headers);
    expect(mapping).not.toContain(null);
    const { valid, invalid } = validateRows(table.rows, mapping, 'MLSNumber');
    expect(invalid).toEqual([]);
    expect(valid.map(({ fields }) => fields.MLSNumber)).toEqual(['TX0100231', 'CO0200417', 'DE0300988', 'FL0400052', 'MA0500731']);
    expect(valid[0]!.fields).toMatchObject({
      Images: ['https://img.example.com/tx-0100231/front.jpg', 'https://img.example.com/tx-0100231/kitchen.jpg'],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }, { Key: 'View', value: 'Hill country' }],
      Description: 'Corner lot near Zilker Park, "move-in ready".\nNew roof in 2023.',
      SalePrice: 865000,
      Bathrooms: 2.5,
    });
    expect(valid[3]!.fields).toMatchObject({ SaleType: 'for_rent', RentPrice: 3900, SpaceType: 'Entire place' });
  });
});
