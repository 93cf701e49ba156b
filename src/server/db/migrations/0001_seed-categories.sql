-- The 12 categories of docs/product.md are product data, not demo data: every database has them.
INSERT INTO "categories" ("slug", "label", "position") VALUES
  ('commuter', 'Commuter', 1),
  ('sports', 'Sports', 2),
  ('naked-sports', 'Naked sports', 3),
  ('adventure', 'Adventure', 4),
  ('cafe-racer', 'Cafe racer', 5),
  ('cruiser', 'Cruiser', 6),
  ('touring', 'Touring', 7),
  ('off-road', 'Off-road', 8),
  ('scooters', 'Scooters', 9),
  ('dirt-bikes', 'Dirt bikes', 10),
  ('electric', 'Electric', 11),
  ('others', 'Others', 12)
ON CONFLICT ("slug") DO NOTHING;
