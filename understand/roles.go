package understand

import "strings"

// Role is what a place does in the text, read from the words around it.
type Role string

// The roles Read gives. A place with no cue has RoleNone.
const (
	RoleNone     Role = ""
	RoleFrom     Role = "from"     // from X, starting in X, leaving X, X to Y
	RoleTo       Role = "to"       // to X, up to X, heading to X, ending in X
	RoleBetween  Role = "between"  // between X and Y (both, in one Group)
	RoleVia      Role = "via"      // via X, through X, stopping in X
	RoleAvoid    Role = "avoid"    // avoiding X, not through X, skip X
	RoleNear     Role = "near"     // near X, close to X, around X
	RoleRelative Role = "relative" // north of X (Mention.Direction says which way)
	RoleHome     Role = "home"     // I live in X, Anna is in X, one in X
	RoleIn       Role = "in"       // in X, within X, at X: an area
	RoleRegion   Role = "region"   // the region written after a name: "Dover, DE"
)

// cue is a phrase written just before a place, and the role it gives.
type cue struct {
	words []string // lower case, in order
	role  Role
	dir   string // RoleRelative: north, south, ...
}

// cues are matched backwards from a place's first word; the longest
// match wins, so "close to" is near, not to.
var cues = func() []cue {
	var out []cue
	add := func(r Role, phrases ...string) {
		for _, p := range phrases {
			out = append(out, cue{words: strings.Fields(p), role: r})
		}
	}
	add(RoleFrom, "from", "starting in", "starting at", "starting from", "start in", "start at", "start from", "starts in",
		"starts at", "starts from", "beginning in", "beginning at", "begin in", "begin at", "begins in", "begins at",
		"leaving", "leave", "leaves", "leaving from", "departing", "departing from", "depart from", "departs from",
		"out of", "origin", "origin is", "start", "starting point", "starting point is", "set off from", "setting off from",
		"coming from", "driving from", "drive from", "commencing at", "commencing in", "commencing from", "beginning from",
		"setting out from", "heading out from", "kicking off in", "kicking off from")
	add(RoleTo, "to", "up to", "over to", "down to", "out to", "on to", "onto", "heading to", "head to", "heading for",
		"headed to", "headed for", "towards", "toward", "into", "until", "till", "ending in", "ending at", "end in", "end at",
		"ends in", "ends at", "ending up in", "end up in", "finishing in", "finishing at", "finish in", "finish at",
		"arriving in", "arriving at", "arrive in", "arrive at", "arrives in", "reach", "reaching", "destination",
		"destination is", "bound for", "all the way to", "back to", "return to", "returning to", "go to", "goes to",
		"→", "->", "=>", "end", "to get to", "concluding at", "concluding in", "conclude at", "conclude in",
		"terminating at", "terminating in", "finishing up in", "wrapping up in", "get to", "then to", "and then to", "going to", "drive to", "driving to", "travel to")
	add(RoleBetween, "between", "betwen", "betweem")
	add(RoleVia, "via", "through", "thru", "passing", "by way of", "stopping in", "stopping at", "stopping by", "stop in",
		"stop at", "stop by", "stops in", "visit", "visiting", "visits", "including", "include", "includes", "past",
		"swing by", "pass by", "passing by", "must be", "has to be", "have to be", "should be", "must include",
		"must visit", "must pass through", "must go through", "must stop in")
	add(RoleAvoid, "avoiding", "avoid", "avoids", "skip", "skipping", "skips", "bypass", "bypassing", "bypasses",
		"except", "excluding", "exclude", "away from", "stay out of", "steer clear of", "other than", "instead of")
	add(RoleNear, "near", "nearby", "close to", "closest to", "nearest to", "closer to", "nearer to", "nearest", "closest", "next to", "around", "beside", "in the vicinity of", "not far from",
		"within reach of", "near to", "close by", "in the area of", "around the", "outside")
	add(RoleHome, "live in", "lives in", "living in", "live near", "lives near", "reside in", "resides in", "residing in",
		"based in", "based out of", "staying in", "staying at", "stay in", "stays in", "located in", "am in",
		"is in", "are in", "work in", "works in", "working in", "one in", "another in", "other in",
		"friend in", "friends in", "family in", "colleague in", "colleagues in", "coworker in", "brother in", "sister in",
		"parents in", "mom in", "dad in", "cousin in", "someone in", "people in", "person in", "folks in", "team in",
		"office in", "home in", "home is in", "house in", "live at", "lives at", "one from", "another from", "friend from",
		"friends from", "coming in from", "one lives in", "other lives in", "is from", "am from", "are from",
		"operates from", "operate from", "operating from", "works from", "work from", "working from", "based at",
		"located at", "stationed at", "stationed in", "works at", "work at", "staying near", "lives near", "lodged at")
	add(RoleIn, "in", "within", "inside", "at", "across", "throughout", "around the area of")
	for _, d := range []string{"north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
		"north-east", "north-west", "south-east", "south-west"} {
		dir := strings.ReplaceAll(d, "-", "")
		for _, p := range []string{d + " of", "to the " + d + " of", "just " + d + " of", "directly " + d + " of",
			"due " + d + " of", d + "ward of", "further " + d + " than", "somewhere " + d + " of",
			d + " of the latitude of", d + " of the longitude of", d + " of latitude of", d + " of longitude of"} {
			out = append(out, cue{words: strings.Fields(p), role: RoleRelative, dir: dir})
		}
	}
	for _, a := range [][2]string{{"n", "north"}, {"s", "south"}, {"e", "east"}, {"w", "west"}, {"ne", "northeast"},
		{"nw", "northwest"}, {"se", "southeast"}, {"sw", "southwest"}} {
		out = append(out, cue{words: []string{a[0], "of"}, role: RoleRelative, dir: a[1]})
	}
	return out
}()

// cueIndex maps a cue's last word to the cues ending with it.
var cueIndex = func() map[string][]cue {
	m := map[string][]cue{}
	for _, c := range cues {
		last := c.words[len(c.words)-1]
		m[last] = append(m[last], c)
	}
	return m
}()

// negations before a via cue make it avoid: "not through X", "without
// passing through X", "don't go via X".
var negations = map[string]bool{"not": true, "no": true, "never": true, "without": true, "don't": true, "dont": true,
	"don’t": true, "won't": true, "shouldn't": true, "mustn't": true, "cannot": true, "can't": true, "nor": true}

// praise are adjectives written between a cue and a name ("ending in
// beautiful 'Los Angeles'", "back to the magnificent Grand Canyon").
var praise = map[string]bool{"beautiful": true, "lovely": true, "amazing": true, "gorgeous": true, "wonderful": true,
	"charming": true, "historic": true, "iconic": true, "renowned": true, "breathtaking": true, "magnificent": true,
	"spectacular": true, "stunning": true, "vibrant": true, "famous": true, "picturesque": true, "scenic": true,
	"sunny": true, "quaint": true, "bustling": true, "majestic": true, "incredible": true, "fabulous": true,
	"fantastic": true, "glorious": true, "pretty": true, "old": true, "little": true, "dear": true, "sleepy": true,
	"downtown": true, "central": true, "coastal": true, "great": true, "good": true, "nice": true, "cozy": true}

// fillers may stand between a person's verb and "in": "is over in".
var fillers = map[string]bool{"over": true, "out": true, "down": true, "up": true, "right": true, "just": true,
	"currently": true, "now": true, "still": true, "all": true, "both": true, "back": true, "here": true, "there": true,
	"based": false, "located": false, "living": false}

// homeVerbs before "in" (fillers skipped) make a place someone's home.
var homeVerbs = map[string]bool{"live": true, "lives": true, "living": true, "is": true, "am": true, "are": true,
	"based": true, "located": true, "stay": true, "stays": true, "staying": true, "reside": true, "resides": true,
	"residing": true, "work": true, "works": true, "working": true, "one": true, "another": true, "other": true,
	"friend": true, "friends": true, "family": true, "sister": true, "brother": true, "parents": true, "cousin": true,
	"colleague": true, "colleagues": true, "coworker": true, "coworkers": true, "someone": true, "i'm": true, "we're": true}

// cueBefore finds the cue that ends just before token i (articles and a
// colon skipped), returning the role, the direction and the index of
// the cue's first token; RoleNone when none.
func cueBefore(toks []token, i int) (Role, string, int) {
	j := i - 1
	for j >= 0 && (toks[j].low == "the" || praise[toks[j].low] || toks[j].isPunct(":", "-", "–", "(", "'", "\"", "‘", "“")) {
		j--
	}
	if j < 0 {
		return RoleNone, "", -1
	}
	best, bestLen := cue{}, 0
	for _, c := range cueIndex[toks[j].low] {
		n := len(c.words)
		if n <= bestLen || j-n+1 < 0 {
			continue
		}
		ok := true
		for k := 0; k < n; k++ {
			t := toks[j-n+1+k]
			if t.low != c.words[k] {
				ok = false
				break
			}
		}
		if ok {
			best, bestLen = c, n
		}
	}
	if bestLen == 0 || bestLen == 1 && (best.role == RoleFrom || best.role == RoleNear) {
		if c, ok := distanceCue(toks, j); ok { // distancecue.go: "within 10 miles of", "5 km from"
			return RoleNear, "", c
		}
	}
	// "I'm in", "my friend is over in", "she's currently based in": a
	// person's verb before "in", adverbs skipped.
	if (bestLen == 0 || best.role == RoleIn) && j >= 1 && (toks[j].low == "in" || toks[j].low == "at" || toks[j].low == "near") {
		k := j - 1
		for k > 0 && fillers[toks[k].low] {
			k--
		}
		if p := toks[k].low; homeVerbs[p] || strings.HasSuffix(p, "'m") || strings.HasSuffix(p, "’m") ||
			strings.HasSuffix(p, "'s") || strings.HasSuffix(p, "’s") || strings.HasSuffix(p, "'re") || strings.HasSuffix(p, "’re") {
			return RoleHome, "", k
		}
	}
	if bestLen == 0 {
		return RoleNone, "", -1
	}
	first := j - bestLen + 1
	role := best.role
	if role == RoleVia || role == RoleTo && best.words[0] == "go" {
		for k := first - 1; k >= max(0, first-3); k-- {
			if toks[k].breaks() || toks[k].isPunct(",") {
				break
			}
			if negations[toks[k].low] || strings.HasSuffix(toks[k].low, "n't") {
				role = RoleAvoid
				break
			}
		}
	}
	return role, best.dir, first
}
