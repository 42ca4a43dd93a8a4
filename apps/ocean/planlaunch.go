package ocean

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
)

// A time frame counted from the float's launch ("in its first year at
// sea", "during the first 6 months after deployment", "the float's
// first two years in the water") is the days from its launch date, which
// the float's metadata (its meta file) holds and the question does not:
// the policy reads the length, and the gateway places it on the launch
// date before the plan runs (placeLaunchFrame). Until then the plan says
// the time frame is missing, so it never runs over the float's whole life.

var reLaunchPeriod = mustGuarded(`(?i)\b(?:its|their|the float'?s|the floats'|the)\s+(?:very\s+)?first\s+(?:(\d+)\s+)?(years?|months?|weeks?|days?)\s+(?:at sea|in the water|afloat|deployed|of (?:operation|deployment|life|data|measurements)|after (?:its\s+|their\s+)?(?:deployment|launch|being (?:deployed|launched)|it was (?:deployed|launched|put in)|they were (?:deployed|launched))|since (?:its\s+|their\s+)?(?:deployment|launch|it was (?:deployed|launched)))`)

// launchRulePrefix starts the Rule of a time frame counted from the
// launch; the length follows ("launch +1y", "launch +6m").
const launchRulePrefix = "from the launch: "

// launchMissing is the missing slot of such a frame until it is placed.
const launchMissing = "time: the time frame is counted from the float's launch date, which is read from its metadata"

// launchPeriod reads a time frame counted from the launch in q: its
// text and the length as years, months and days; ok is false when q has
// none.
func launchPeriod(q string) (text string, years, months, days int, ok bool) {
	m := reLaunchPeriod.FindStringSubmatchIndex(q)
	if m == nil {
		return "", 0, 0, 0, false
	}
	n := 1
	if m[2] < 0 && strings.HasSuffix(strings.ToLower(q[m[4]:m[5]]), "s") {
		return "", 0, 0, 0, false // "its first months at sea": how many is not said
	}
	if m[2] >= 0 {
		if v, err := strconv.Atoi(q[m[2]:m[3]]); err == nil && v > 0 && v <= 100 {
			n = v
		} else {
			return "", 0, 0, 0, false
		}
	}
	switch unit := strings.ToLower(q[m[4]:m[5]]); {
	case strings.HasPrefix(unit, "year"):
		years = n
	case strings.HasPrefix(unit, "month"):
		months = n
	case strings.HasPrefix(unit, "week"):
		days = 7 * n
	default:
		days = n
	}
	return q[m[0]:m[1]], years, months, days, true
}

// launchFrame is the plan's time frame for a launch period: its text and
// length, no days yet.
func launchFrame(text string, years, months, days int) *TimeFrame {
	return &TimeFrame{Text: text, Rule: fmt.Sprintf("%s%dy %dm %dd", launchRulePrefix, years, months, days)}
}

// launchLength reads the length back from a launch frame's Rule.
func launchLength(tf *TimeFrame) (years, months, days int, ok bool) {
	if tf == nil || !strings.HasPrefix(tf.Rule, launchRulePrefix) {
		return 0, 0, 0, false
	}
	_, err := fmt.Sscanf(strings.TrimPrefix(tf.Rule, launchRulePrefix), "%dy %dm %dd", &years, &months, &days)
	return years, months, days, err == nil
}

// placeLaunchFrame places a plan's time frame counted from the launch on
// the float's launch date, read from the metadata store: From is the
// launch day, To the day the length later, the Rule says so, and the
// missing slot goes. With several floats (launched on different days),
// no launch date, or a failed lookup, the slot stays missing with the
// reason.
func (a *App) placeLaunchFrame(ctx context.Context, p *QueryPlan) {
	years, months, days, ok := launchLength(p.Time)
	if !ok || !slices.Contains(p.Missing, launchMissing) {
		return
	}
	why := func(reason string) {
		i := slices.Index(p.Missing, launchMissing)
		p.Missing[i] = "time: " + reason
	}
	if len(p.Floats) != 1 || a.meta == nil {
		why("a time frame counted from the launch needs one float (each float was launched on its own day): ask for one float at a time")
		return
	}
	r, err := a.meta.Query(ctx, store.QueryOptions{Templated: true, MaxRows: 1, Timeout: a.opts.QueryTimeout},
		"SELECT launch_date FROM argo_float_metadata WHERE wmo = $1", p.Floats[0])
	if err != nil {
		why(fmt.Sprintf("the launch date of float %s could not be read: %v", p.Floats[0], err))
		return
	}
	var launch time.Time
	if len(r.Rows) == 1 {
		launch, _ = cellTime(r.Rows[0][0])
	}
	if launch.IsZero() {
		why(fmt.Sprintf("float %s has no launch date in its metadata, so its first days cannot be placed", p.Floats[0]))
		return
	}
	from := launch.UTC().Truncate(24 * time.Hour)
	p.Time = &TimeFrame{From: from.Format("2006-01-02"), To: from.AddDate(years, months, days).Format("2006-01-02"), Text: p.Time.Text,
		Rule: fmt.Sprintf("launched %s (meta file)", from.Format("2006-01-02"))}
	p.Missing = slices.DeleteFunc(p.Missing, func(s string) bool { return s == launchMissing })
}
