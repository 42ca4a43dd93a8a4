package ocean

import "strings"

// A follow-up may quote the previous answer, each line marked with ">"
// as mail and chat quote ("> Float 2901780 reported 84 profiles between
// November 2017 and July 2018." then "and how many of those were in 2018
// alone?"). The quote is what was answered, not what is asked: its
// times and counts set no slot. What the follow-up points back at is
// kept: the quote's floats, and the thing it counted when the follow-up
// asks how many "of those".
var (
	reQuotedCount = mustGuarded(`(?i)\b\d+\s+(profiles|cycles|casts|floats|measurements|readings)\b`)
	// reQuoteMark begins a quoted line, after a greeting typed before it
	reQuoteMark = mustGuarded(`(?i)^(?:(?:please|pls|hi|hey|hello|ok|okay|so|re)[,!:]?\s+)?(?:>\s*)+`)
	reOfThose   = mustGuarded(`(?i)\bhow many\s+(?:of\s+)?(?:those|these|them)\b`)
)

// rewordQuotedAnswer writes a quoted previous answer as what the
// follow-up after it points back at; query as it is when no line is
// quoted or nothing follows the quote.
func rewordQuotedAnswer(query string) string {
	lines := strings.Split(query, "\n")
	var quoted, asked []string
	for _, l := range lines {
		if t := strings.TrimSpace(l); reQuoteMark.MatchString(t) {
			quoted = append(quoted, t[len(reQuoteMark.FindString(t)):])
		} else if t != "" {
			asked = append(asked, t)
		}
	}
	if len(quoted) == 0 || len(asked) == 0 {
		return query
	}
	quote, follow := strings.Join(quoted, " "), strings.Join(asked, "\n")
	var kept []string
	if !reWMO.MatchString(follow) {
		for _, m := range reWMO.FindAllStringSubmatch(quote, -1) {
			kept = append(kept, "float "+m[1])
		}
	}
	if m := reQuotedCount.FindStringSubmatch(quote); m != nil {
		follow = replaceFunc(reOfThose, follow, func([]int) string { return "how many " + strings.ToLower(m[1]) })
	}
	if len(kept) == 0 {
		return follow
	}
	return strings.Join(kept, ", ") + ": " + follow
}
