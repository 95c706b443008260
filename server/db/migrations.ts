import type { Database } from 'better-sqlite3';

/**
 * The schema, one step per version (PRAGMA user_version). Append new steps; never edit a
 * released one, since existing data directories have already run it.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE chatbots (
    id          TEXT PRIMARY KEY,
    settings    TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chatbot_id  TEXT NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX sessions_chatbot ON sessions (chatbot_id);

  CREATE TABLE messages (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    chatbot_id   TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('question', 'answer')),
    content      TEXT NOT NULL,
    ask_type     TEXT,
    file_ids     TEXT,
    total_token  INTEGER,
    no_answer    INTEGER,
    created_at   INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX messages_session ON messages (session_id, id);
  CREATE INDEX messages_chatbot_month ON messages (chatbot_id, role, created_at);

  CREATE TABLE listings (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    chatbot_id       TEXT NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
    sale_type        TEXT NOT NULL,
    status           TEXT NOT NULL,
    currency_symbol  TEXT NOT NULL,
    property_type    TEXT NOT NULL,
    bedrooms         REAL NOT NULL,
    bathrooms        REAL NOT NULL,
    url              TEXT NOT NULL,
    mls_number       TEXT NOT NULL,
    year_built       INTEGER NOT NULL,
    days_on_market   REAL NOT NULL,
    lot_area         REAL NOT NULL,
    building_area    REAL NOT NULL,
    area_unit        TEXT NOT NULL,
    parking_spots    REAL NOT NULL,
    images           TEXT,
    tours            TEXT,
    description      TEXT,
    extension_column TEXT,
    location         TEXT,
    address          TEXT,
    city             TEXT COLLATE NOCASE,
    state            TEXT,
    zip              TEXT,
    latitude         REAL,
    longitude        REAL,
    sale_price       REAL,
    unit_area_price  REAL,
    hoa_month        REAL,
    estimate_price   REAL,
    rent_price       REAL,
    space_type       TEXT,
    deposit_fee      REAL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
  ) STRICT;
  -- The list filters (city, sale type, MLS number) each within one chatbot, newest first.
  CREATE INDEX listings_chatbot ON listings (chatbot_id, id);
  CREATE INDEX listings_chatbot_city ON listings (chatbot_id, city, sale_type, id);
  CREATE INDEX listings_chatbot_sale_type ON listings (chatbot_id, sale_type, id);
  CREATE INDEX listings_chatbot_mls ON listings (chatbot_id, mls_number);
  CREATE INDEX listings_chatbot_url ON listings (chatbot_id, url);
  -- The chat responder's "cheapest" / "under $500k": the price by sale type (PRICE in listings.ts).
  CREATE INDEX listings_chatbot_price ON listings (chatbot_id, (CASE sale_type WHEN 'for_sale' THEN sale_price ELSE rent_price END), status);

  CREATE TABLE files (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    file_name     TEXT NOT NULL,
    upload_token  TEXT NOT NULL,
    content_type  TEXT,
    size          INTEGER,
    animated      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    uploaded_at   INTEGER,
    confirmed_at  INTEGER
  ) STRICT;
  `,
  `
  -- A city filter pages in id order straight from the index (the bench's page 500 of a
  -- 100,000-listing city went from a scan of every listing to an index range).
  CREATE INDEX listings_chatbot_city_id ON listings (chatbot_id, city COLLATE NOCASE, id);
  `,
  `
  -- Settings history: every successful Edit stores all settings as they became, and which
  -- ones it changed. A chatbot that existed before gets its current settings as version 1.
  CREATE TABLE chatbot_versions (
    chatbot_id      TEXT NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
    version         INTEGER NOT NULL,
    created_at      INTEGER NOT NULL,
    changed_fields  TEXT NOT NULL,
    source          TEXT NOT NULL,
    restored_from   INTEGER,
    settings        TEXT NOT NULL,
    PRIMARY KEY (chatbot_id, version)
  ) STRICT;
  INSERT INTO chatbot_versions (chatbot_id, version, created_at, changed_fields, source, settings)
    SELECT id, 1, created_at, '[]', 'created', settings FROM chatbots;
  `,
  `
  -- A session opened by the public widget (/widget/*) carries a random token its visitor
  -- must send with every question: session ids are sequential, so an id alone would let
  -- anyone write into another visitor's conversation. Console sessions have none.
  ALTER TABLE sessions ADD COLUMN visitor_token TEXT;
  `,
  `
  -- RealEstateBatch's receipts: an item that landed, by (chatbot, ImportId, RowKey), written in
  -- the item's own transaction, so an item sent again is answered from here instead of being
  -- written twice. Pruned after RECEIPT_DAYS (import-receipts.ts).
  CREATE TABLE import_receipts (
    chatbot_id     TEXT NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
    import_id      TEXT NOT NULL,
    row_key        INTEGER NOT NULL,
    platform_id    TEXT,
    updated_count  INTEGER,
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (chatbot_id, import_id, row_key)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX import_receipts_created ON import_receipts (created_at);
  `,
  `
  -- Who saved a version: the console member's name as it was then; NULL for an API client
  -- (and for versions saved before members existed).
  ALTER TABLE chatbot_versions ADD COLUMN edited_by TEXT;
  `,
];

/** Runs the steps a database has not run yet; `migrations` defaults to the service's own schema. */
export function migrate(db: Database, migrations: readonly string[] = MIGRATIONS): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`The database is from a newer version of this service (schema ${current}); update the service.`);
  }
  migrations.slice(current).forEach((sql, offset) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + offset + 1}`);
    })();
  });
}
