// Package understand reads what people ask, in words nobody here wrote:
// the places a question names and the part each plays, its counts,
// fractions and measures, coordinates, compass directions, dates and
// time frames, and an output format written into it. Systems keep only
// their own vocabulary (place types, variables, event kinds) and build
// their typed requests from a [Reading].
//
// # Reading a question
//
// [Read] takes the text and [Options] and never fails; what it cannot
// read it leaves out:
//
//	r := understand.Read(question, understand.Options{
//		Gazetteer: geo.NewGazetteer(engine), // the places names may mean
//		Now:       time.Now(),               // the day "next month" is relative to
//		Terms:     []understand.Term{{Phrase: "gas station", Label: "gas_station"}},
//	})
//	for _, m := range r.Mentions { ... m.Role, m.Place.Qualified() ... }
//
// A [Reading] holds:
//   - Mentions: every span naming a place. Quoted names, names the
//     gazetteer knows (several words, articles, hyphens, alternate names,
//     "St." for "Saint", codes such as "DE" and "AD" only in capitals,
//     abbreviations such as "Del."), and capitalised names after a cue
//     that no gazetteer knows (Place nil: say what was not understood).
//     Each has a [Role] from the words before it (from, to, up to, over
//     to, heading to, between … and …, via, avoiding, near, north of …,
//     "X lives in …", in), a Group shared by a list, and the Qualifier
//     written after it: "Newark, Dover and Middletown, Delaware" gives
//     all three the region.
//   - Readings and Notes: the joint readings of all names weighed (for
//     the trace) and notes on close choices. The chosen reading is the
//     most coherent one: places inside the region written after them or
//     named in the text, near each other (one name 170 km from the others
//     loses to all within 30 km), by their own name rather than an
//     alternate, population and capitals breaking ties.
//   - Quantities: counts with the noun they count ("3 intermediate
//     cities", "two routes", "a rest stop"), ordinals, fractions ("a
//     third of the way", "halfway", "every quarter", "2/3"), measures
//     with units ("90 minutes", "4.5 stars", "120 km") and bounds ("at
//     least").
//   - Coordinates ("10N 65E", "10°N", "12°30'S", "-12.5, 45.3", "lat
//     38.9 lon -75.5") and Directions ("north of Dover", "northern").
//   - Times: time frames relative to Options.Now ("next month", "in
//     March", "last spring", "between March and June 2026", "since
//     March", "in 2019", "the past 3 weeks", "on Saturday"), a month or
//     season without a year placed by Options.Tense.
//   - Format: a JSON object or array the text writes as the wanted
//     answer (fenced, or bare after "format", "JSON", "respond with"…);
//     its bytes are read by nothing else. [Conform] gives an answer
//     exactly its keys and shape.
//   - Terms: the caller's own vocabulary found in the text, each with
//     the count written before it.
//   - References: places pointed at without a name, each with its role:
//     "here", "near me", "my location", "nearby" (RefHere), "there",
//     "it", "this one", "the second one", "the last one", "#2" (RefNth
//     with its index). What they mean (the map's centre, an earlier
//     answer's list) is the caller's to resolve.
//   - Modes: ways of travelling, "by bike", "on foot", "drive", "by
//     train", as the maps' travel modes (driving, walking, bicycling,
//     transit).
//
// A place taken back as it is written ("in Seville …, sorry, not
// Seville, Málaga", "to Lyon, I mean Grenoble", "Dover, not Smyrna")
// stays in Mentions; [Reading.Retractions] says which mention each
// takes back and which is said in its stead, and
// [Reading.WithoutRetracted] gives the mentions without them, the one
// said in its stead holding the role of the one it replaces. The forms:
// a cue between two places ("I mean", "no wait", "or rather", "make it",
// "scratch that", "forget that"), a place struck out by "not" or
// "scratch" before the one in its stead ("not in Leeds but in York",
// "scratch Lisbon, Porto": Porto is then no region of Lisbon), and a
// place put aside after another ("Dover, not Smyrna", "Ghent instead of
// Bruges", "York rather than Leeds"), which puts the first in the role
// of an earlier Smyrna. A town in lower case after a cue that puts it in
// another's stead is read as a name ("to Seaford, I mean laurel", "not
// milton, milford"). A place only put aside where first named ("via
// Dover instead of Smyrna") is Retraction.Aside; [Reading.WithoutTakenBack]
// keeps it, for a caller that reads it as a place to keep away from.
// [CorrectedNumbers] writes a number taken back ("500 m, sorry, 1000
// m", "2 routes — no wait, make it 3 —", "20 km of Leeds, actually make
// that 15 km") as the one said in its stead, as [Numerals] writes
// numbers in words as digits.
//
// A short message written all in lower case ("where is lewes") reads
// names in lower case too, as a longer text with no capitals does.
// Options.Near, where the text is read from, makes the nearer of two
// places a name may be worth more.
//
// # Gazetteers
//
// A [Gazetteer] is one method, Lookup(key) for a key folded by
// [Normalize]. geo.NewGazetteer adapts the offline maps data (GeoNames
// cities, regions, countries, OSM places); [Index] holds a fixed list
// (seas, venues) and [Gazetteers] joins several, so a system adds its
// own names to the shared ones. A gazetteer that is also a [Speller]
// finds misspelt names ("Wilmingon").
//
// # Cost
//
// Reading a 2 KB question against the world's GeoNames cities takes
// 1.5 to 1.8 ms of CPU on a busy two-core machine (BenchmarkRead2KB, its
// cpu-ns/op); gazetteer answers are cached for the duration of one Read.
package understand
