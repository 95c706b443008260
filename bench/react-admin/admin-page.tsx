import { createRoot } from 'react-dom/client';
import {
  Admin,
  ChipField,
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  NumberField,
  Pagination,
  Resource,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { listingsDataProvider, type ListRequest } from './data-provider';

/*
 * The bench's react-admin peer (`npm run bench`, dashboard and lighthouse sections): a plain
 * react-admin 5 app with one resource, whose List shows the first 100 listings in a Datagrid
 * with the columns of our listings table and its three filters, read from the same service by
 * a small data provider. react-admin's defaults otherwise: its layout, theme, router, store,
 * bulk selection and per-row delete button. Not part of the app: the bench builds it on its
 * own (bench/peer-build.ts) and serves it beside the service (bench/peer-host.ts).
 */

const request = JSON.parse(new URLSearchParams(location.search).get('request') ?? 'null') as ListRequest | null;
if (!request) throw new Error('The page needs ?request= (see bench/react-admin/data-provider.ts)');

const SALE_TYPES = [
  { id: 'for_sale', name: 'For sale' },
  { id: 'for_rent', name: 'For rent' },
];

const filters = [
  <TextInput key="city" source="CityName" label="City" alwaysOn />,
  <SelectInput key="saleType" source="SaleType" label="Sale type" choices={SALE_TYPES} alwaysOn />,
  <TextInput key="mls" source="MLSNumber" label="MLS number" alwaysOn />,
];

/** The first photo as our table shows it: 64 x 48, loaded lazily and decoded off the main thread. */
const photo = (record: RaRecord) =>
  record.Photo ? <img src={record.Photo as string} alt="" width={64} height={48} loading="lazy" decoding="async" referrerPolicy="no-referrer" style={{ objectFit: 'cover', display: 'block' }} /> : null;

const price = (record: RaRecord) => (record.Price ? `${record.CurrencySymbol as string}${Number(record.Price).toLocaleString('en-US')}` : '—');

/** The service neither sorts nor needs to: every column is shown as listed, so none offers sorting. */
function ListingList() {
  return (
    <List perPage={100} filters={filters} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <Datagrid aria-label="Listings" rowClick={false}>
        <FunctionField label="Photo" render={photo} sortable={false} />
        <TextField source="Address" sortable={false} />
        <TextField source="City" sortable={false} />
        <TextField source="State" sortable={false} />
        <TextField source="ZIP" label="ZIP" sortable={false} />
        <FunctionField label="Price" render={price} sortable={false} textAlign="right" />
        <NumberField source="Bedrooms" label="Beds" sortable={false} />
        <NumberField source="Bathrooms" label="Baths" sortable={false} />
        <TextField source="Area" sortable={false} />
        <ChipField source="Status" sortable={false} size="small" />
        <SelectField source="SaleType" label="Sale type" choices={SALE_TYPES} sortable={false} />
        <TextField source="PropertyType" label="Property type" sortable={false} />
        <TextField source="MLSNumber" label="MLS number" sortable={false} />
        <NumberField source="DaysOnMarket" label="Days on market" sortable={false} />
        <DeleteButton />
      </Datagrid>
    </List>
  );
}

// Telemetry off: its ping leaves the machine, and on the bench's loopback it would time a DNS
// lookup rather than the page.
createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={listingsDataProvider(request)} disableTelemetry>
    <Resource name="listings" list={ListingList} />
  </Admin>,
);
