-- PROPOSAL, NOT APPLIED: counts of the member lists kept by the database instead of counted on every request.
--
-- Measured with bench/members_bench.py on a copy of the bench database (see bench/README.md): the grouped counts
-- query drops from ~35 ms (an index-only scan of all 200,000 members) to ~0.3 ms, and a list page's total for a
-- filter on status / entity / member type comes from the same table. Adopting it means: this SQL in an Alembic
-- migration (PostgreSQL only; SQLite keeps the grouped query), counts() in gavel/members/repository.py reading
-- member_list_count on PostgreSQL, and a test that create / update-status / delete keep it equal to a count(*).
--
-- Statement-level triggers with transition tables: one upsert per statement (a bulk status change of 100
-- members is one statement), rows locked in key order (no deadlock between two bulk changes), and an UPDATE
-- that changes none of the four columns writes nothing (HAVING sum(d) <> 0). Unqualified names resolve through
-- search_path at run time, so the tests' per-run schemas work.

CREATE TABLE member_list_count (
  status varchar(12) NOT NULL,
  member_entity varchar(20) NOT NULL,
  is_seller boolean NOT NULL,
  is_buyer boolean NOT NULL,
  members bigint NOT NULL,
  PRIMARY KEY (status, member_entity, is_seller, is_buyer)
);
INSERT INTO member_list_count
SELECT status, member_entity, is_seller, is_buyer, count(*) FROM member GROUP BY 1, 2, 3, 4;

CREATE FUNCTION member_list_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_list_count AS c (status, member_entity, is_seller, is_buyer, members)
    SELECT status, member_entity, is_seller, is_buyer, count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, member_entity, is_seller, is_buyer) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE member_list_count c SET members = c.members - d.n
    FROM (SELECT status, member_entity, is_seller, is_buyer, count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) d
    WHERE (c.status, c.member_entity, c.is_seller, c.is_buyer) = (d.status, d.member_entity, d.is_seller, d.is_buyer);
  ELSE
    INSERT INTO member_list_count AS c (status, member_entity, is_seller, is_buyer, members)
    SELECT status, member_entity, is_seller, is_buyer, sum(d) FROM (
      SELECT status, member_entity, is_seller, is_buyer, 1 AS d FROM new_rows
      UNION ALL
      SELECT status, member_entity, is_seller, is_buyer, -1 FROM old_rows
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, member_entity, is_seller, is_buyer) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER member_list_count_insert AFTER INSERT ON member REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_count_apply();
CREATE TRIGGER member_list_count_update AFTER UPDATE ON member
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_count_apply();
CREATE TRIGGER member_list_count_delete AFTER DELETE ON member REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_count_apply();
-- TRUNCATE fires none of these: a TRUNCATE ... member must also empty member_list_count (the bench generator would).

-- Checked on the bench copy, in a transaction rolled back: 100 pending -> approved, 1,000 no-op updates and 50
-- deletes left member_list_count equal to SELECT status, member_entity, is_seller, is_buyer, count(*) ... GROUP BY.
