package store

import "strings"

// composeSQL is the query that writes one float's measurements after an
// ingest, given old, a query of the float's stored rows (year and
// measureColumns). The temp tables hold what this ingest brings: _incoming
// the levels of core profiles that won (_winners with source_rank >= 2),
// _sbgc the levels of Sprof profiles and _skeys their profile keys.
//
// The merge rule for synthetic BGC (Sprof) data:
//   - Core rows (level_source 'core') come from core profile files only: a
//     new core profile replaces the stored one; other stored core rows stay.
//     A Sprof file never changes a core row's PRES, TEMP or PSAL (values,
//     adjusted values or QC): its CTD values at BGC levels are copies or
//     interpolations of the core ones.
//   - The BGC columns (value, QC, adjusted value and QC of each parameter,
//     and bgc_data_mode) of a profile come from the newest Sprof ingest of
//     that profile, or else stay as stored (also when a newer core file
//     replaces the core rows).
//   - A Sprof level whose pressure equals a core level's (to 0.01 dbar)
//     puts its BGC values on that core row. A Sprof level with BGC values
//     at a pressure the core profile does not have becomes its own row
//     (level_source 'sprof') with PRES and the BGC values, TEMP and PSAL
//     empty, numbered after the core levels.
//   - A profile with no core rows at all is stored as the Sprof gives it,
//     CTD values included, every row level_source 'sprof'.
func composeSQL(old string) string {
	var anyBGC []string
	for _, c := range bgcColumns {
		if colType(c) == "REAL" {
			anyBGC = append(anyBGC, "b."+c+" IS NOT NULL")
		}
	}
	hasBGC := "(" + strings.Join(anyBGC, " OR ") + ")"

	var coreSel, extraSel []string
	for _, c := range measureColumns[:7] { // cycle .. level
		coreSel = append(coreSel, "c."+c[0])
		if c[0] == "level" {
			extraSel = append(extraSel, "CAST(CASE WHEN ck.maxlevel IS NULL THEN b.level ELSE ck.maxlevel + row_number() OVER (PARTITION BY b.cycle, b.direction ORDER BY b.level) END AS INTEGER)")
		} else {
			extraSel = append(extraSel, "b."+c[0])
		}
	}
	for _, c := range coreColumns {
		coreSel = append(coreSel, "c."+c)
		if strings.HasPrefix(c, "pres") {
			extraSel = append(extraSel, "b."+c)
		} else {
			extraSel = append(extraSel, "CASE WHEN ck.maxlevel IS NULL THEN b."+c+" END")
		}
	}
	for _, c := range bgcColumns {
		coreSel = append(coreSel, "b."+c)
		extraSel = append(extraSel, "b."+c)
	}
	return `WITH old AS (` + old + `),
core AS (
	SELECT year, ` + measureCols + ` FROM _incoming
	UNION ALL
	SELECT * FROM old o WHERE o.level_source = 'core'
		AND NOT EXISTS (SELECT 1 FROM _winners w WHERE w.source_rank >= 2 AND w.cycle = o.cycle AND w.direction = o.direction)
),
bgcv AS (
	SELECT 0 AS pref, year, ` + measureCols + ` FROM _sbgc
	UNION ALL
	SELECT 1, o.* FROM old o WHERE (o.level_source = 'sprof' OR ` + strings.ReplaceAll(hasBGC, "b.", "o.") + `)
		AND NOT EXISTS (SELECT 1 FROM _skeys k WHERE k.cycle = o.cycle AND k.direction = o.direction)
),
b AS (
	SELECT DISTINCT ON (cycle, direction, round(pres::DOUBLE, 2)) *, round(pres::DOUBLE, 2) AS pkey FROM bgcv
	ORDER BY cycle, direction, round(pres::DOUBLE, 2), pref, level
),
ck AS (SELECT cycle, direction, max(level) AS maxlevel FROM core GROUP BY cycle, direction)
SELECT c.year, ` + strings.Join(coreSel, ", ") + `, 'core' AS level_source
FROM core c LEFT JOIN b ON b.cycle = c.cycle AND b.direction = c.direction AND b.pkey = round(c.pres::DOUBLE, 2)
UNION ALL
SELECT b.year, ` + strings.Join(extraSel, ", ") + `, 'sprof'
FROM b LEFT JOIN ck ON ck.cycle = b.cycle AND ck.direction = b.direction
WHERE NOT EXISTS (SELECT 1 FROM core c WHERE c.cycle = b.cycle AND c.direction = b.direction AND round(c.pres::DOUBLE, 2) = b.pkey)
	AND (ck.maxlevel IS NULL OR ` + hasBGC + `)`
}
