package argo

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// RecordError is one record of a file that is not valid: a line of an
// index or a profile of a NetCDF file.
type RecordError struct {
	Where string // "line 12", "profile 3 (cycle 14)"
	Err   error
}

func (e RecordError) Error() string { return e.Where + ": " + e.Err.Error() }

func (e RecordError) Unwrap() error { return e.Err }

// RecordErrors lists the invalid records of a file. A reader that returns
// it returns the valid records with it; errors.Is(err, ErrFormat) holds.
type RecordErrors []RecordError

func (e RecordErrors) Error() string {
	const show = 10
	var parts []string
	for i, r := range e {
		if i == show {
			parts = append(parts, fmt.Sprintf("and %d more", len(e)-show))
			break
		}
		parts = append(parts, r.Error())
	}
	return fmt.Sprintf("%d invalid record(s): %s", len(e), strings.Join(parts, "; "))
}

// Is reports RecordErrors as format errors.
func (e RecordErrors) Is(target error) bool { return target == ErrFormat }

// Missing-position markers of the GDAC index files.
const (
	missingLat = -99.999
	missingLon = -999.999
)

// checkPosition validates a position: NaN (a fill value) or Argo's
// missing markers in either coordinate mean no position; a coordinate
// out of range is an error.
func checkPosition(lat, lon float64) (ok bool, err error) {
	if math.IsNaN(lat) || math.IsNaN(lon) || lat == missingLat || lon == missingLon {
		return false, nil
	}
	if lat < -90 || lat > 90 {
		return false, fmt.Errorf("latitude %v is outside -90..90", lat)
	}
	if lon < -180 || lon > 180 {
		return false, fmt.Errorf("longitude %v is outside -180..180", lon)
	}
	return true, nil
}

// checkDate validates a date: not before Argo's reference date and, when
// notAfter is set, not after it (what notAfter is: after). A date after
// the update date of its own file is a date from the future of the data.
func checkDate(what string, t time.Time, notAfter time.Time, after string) error {
	if t.Before(argoEpoch) {
		return fmt.Errorf("%s %s is before 1950-01-01, the Argo reference date", what, t.Format(time.DateTime))
	}
	if !notAfter.IsZero() && t.After(notAfter) {
		return fmt.Errorf("%s %s is after %s %s", what, t.Format(time.DateTime), after, notAfter.Format(time.DateTime))
	}
	return nil
}

// checkCode validates a reference-table code: empty, or of its table's
// form (ocean: A, P or I; profiler type, table 8: digits; institution,
// table 4: two capital letters).
func checkCode(field, v string) error {
	if v == "" {
		return nil
	}
	switch field {
	case "ocean":
		if v != "A" && v != "P" && v != "I" {
			return fmt.Errorf("ocean code %q is not A, P or I", v)
		}
	case "profiler_type":
		if !isDigits(v) || len(v) > 4 {
			return fmt.Errorf("profiler type %q is not a reference table 8 code (digits)", v)
		}
	case "institution":
		if len(v) != 2 || v[0] < 'A' || v[0] > 'Z' || v[1] < 'A' || v[1] > 'Z' {
			return fmt.Errorf("institution %q is not a reference table 4 code (two capital letters)", v)
		}
	}
	return nil
}
