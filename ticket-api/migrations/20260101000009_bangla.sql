-- Names in Bangla (issue 15): the site shows them while Bangla is chosen, and the e-ticket
-- prints them. Optional everywhere: a name without Bangla is shown in English. The English name
-- stays the key searches and bookings use. Portable DDL, as 0001.

ALTER TABLE cities ADD COLUMN name_bn TEXT;
ALTER TABLE points ADD COLUMN name_bn TEXT;
ALTER TABLE operators ADD COLUMN title_bn TEXT;
-- a ship's name ('এমভি সুন্দরবন-১০'); coach numbers stay as painted on the coach
ALTER TABLE vehicles ADD COLUMN name_bn TEXT;
ALTER TABLE vehicles ADD COLUMN bus_class_bn TEXT;
ALTER TABLE routes ADD COLUMN name_bn TEXT;
-- a launch's floors and classes as its seat plan names them ('দ্বিতীয় তলা', 'ডাবল কেবিন')
ALTER TABLE layout_seats ADD COLUMN deck_name_bn TEXT;
ALTER TABLE layout_seats ADD COLUMN class_name_bn TEXT;
ALTER TABLE headlines ADD COLUMN text_bn TEXT;
ALTER TABLE popular_routes ADD COLUMN title_bn TEXT;
