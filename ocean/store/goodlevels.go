package store

import (
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/ocean/argo"
)

// GoodLevels is the relation of the levels as the Argo conventions read
// them: one row per level of argo_profiles with its keys and position
// and, for PRES, TEMP, PSAL and each BGC parameter, the good value under
// the parameter's own name (the adjusted value where the profile, or its
// BGC parameters, is in A or D mode, else the raw value; only QC flags 1
// and 2; NULL otherwise). pres_raw and pres_adjusted_raw are the stored
// pressures, for a cheap first test of a pressure window. A read-only
// store serving its levels from memory (Options.HotBytes) holds it as a
// table computed once; otherwise it is a view computing it at each query
// (the same rows either way).
const GoodLevels = "argo_good_levels"

// goodLevelsSQL selects GoodLevels' rows from the levels relation from.
func goodLevelsSQL(from string) string {
	cols := []string{"wmo", "year", "cycle", "direction", "data_mode", `"time"`, "lat", "lon", "pres AS pres_raw", "pres_adjusted AS pres_adjusted_raw",
		goodValueSQL("pres", "data_mode"), goodValueSQL("temp", "data_mode"), goodValueSQL("psal", "data_mode")}
	for _, p := range argo.BGCParams {
		cols = append(cols, goodValueSQL(strings.ToLower(p), "bgc_data_mode"))
	}
	return "SELECT " + strings.Join(cols, ", ") + " FROM " + from
}

// goodValueSQL is one parameter's good value, named as the parameter.
func goodValueSQL(col, mode string) string {
	return fmt.Sprintf(`CASE WHEN %[2]s IN ('A', 'D') THEN (CASE WHEN %[1]s_adjusted_qc IN ('1', '2') THEN %[1]s_adjusted END) ELSE (CASE WHEN %[1]s_qc IN ('1', '2') THEN %[1]s END) END AS %[1]s`, col, mode)
}
