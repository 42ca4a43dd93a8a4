package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
)

// derivedTable is a table of the store made from the stored levels by
// one SELECT (the summary, the values at standard pressures): written
// with a float's stations in the transaction of its ingest (so a snapshot
// has it whenever it has the levels), and made whole for a store that
// lacks it in its latest layout when the store is opened read-write.
type derivedTable struct {
	name   string
	latest string                   // a column only its latest layout has
	rows   func(from string) string // its SELECT over from, a relation with the stored level columns and wmo
	what   string                   // what it holds, for errors and logs
}

var (
	summaryTable   = derivedTable{SummaryTable, summaryLatest, summarySQL, "summary"}
	atTargetsTable = derivedTable{AtTargetsTable, atTargetsLatest, atTargetsSQL, "values at standard pressures"}
)

// exists reports whether db has the table in its latest layout.
func (t derivedTable) exists(ctx context.Context, db execer) (bool, error) {
	var n int
	rows, err := db.QueryContext(ctx, `SELECT count(*) FROM duckdb_columns() WHERE table_name = '`+t.name+`' AND schema_name = 'main' AND column_name = '`+t.latest+`'`)
	if err != nil {
		return false, fmt.Errorf("%s table: %w", t.what, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return false, err
		}
	}
	return n > 0, rows.Err()
}

// backfill makes t from the stored levels when the store has none in its
// latest layout (made before it), in one transaction: the table exists
// only complete. Open runs it on a read-write store, so the next Publish
// (after an ingest, or OpenLive's) carries it.
func (s *Store) backfill(ctx context.Context, t derivedTable) error {
	ok, err := t.exists(ctx, s.db)
	if err != nil || ok {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s backfill: %w", t.what, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+t.name+`; CREATE TABLE `+t.name+` AS `+t.rows("argo_profiles")); err != nil {
		return fmt.Errorf("%s backfill: %w", t.what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s backfill: %w", t.what, err)
	}
	s.opts.Logger.Info("made a table from the stored levels", "table", t.name, "holds", t.what)
	return nil
}

// writeFloat replaces one float's rows of t with those of the Parquet
// files in staging (its new partitions), in tx.
func (t derivedTable) writeFloat(ctx context.Context, tx *sql.Tx, wmo, staging string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM `+t.name+` WHERE wmo = $1`, wmo); err != nil {
		return fmt.Errorf("float %s %s: %w", wmo, t.what, err)
	}
	glob := filepath.Join(staging, "year=*", "*.parquet")
	if files, _ := filepath.Glob(glob); len(files) == 0 {
		return nil
	}
	from := `(SELECT ` + quote(wmo) + ` AS wmo, * FROM read_parquet(` + quote(glob) + `, hive_partitioning = true, hive_types = {'year': INTEGER}))`
	if _, err := tx.ExecContext(ctx, `INSERT INTO `+t.name+` `+t.rows(from)); err != nil {
		return fmt.Errorf("float %s %s: %w", wmo, t.what, err)
	}
	return nil
}
