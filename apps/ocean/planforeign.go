package ocean

import (
	"net/url"
	"strings"
)

// Questions written in French, Spanish, Portuguese, Italian or German,
// in Hindi in Latin letters mixed with English, or as a query string:
// rewordForeign writes the words the plan's slots are read from (variables, aggregates, floats, seasons, months,
// the surface, "à 500 m") in English, and rewordQueryString writes the
// key=value pairs of a query string ("/api/ask?float=2901780&var=temp
// &cycle=10") as the words the rules read. Words outside the slots stay
// as written: the rules never read them.

// foreignWords are the words of the slots, lower case, and their
// English.
var foreignWords = map[string]string{
	// variables
	"salinité": "salinity", "salinidad": "salinity", "salinidade": "salinity", "salinità": "salinity",
	"salinität": "salinity", "salzgehalt": "salinity", "salzgehalts": "salinity",
	"température": "temperature", "températures": "temperatures", "temperatura": "temperature", "temperaturas": "temperatures",
	"temperature": "temperature", "temperatur": "temperature", "temperaturen": "temperatures", "wassertemperatur": "water temperature",
	"oxygène": "oxygen", "oxígeno": "oxygen", "oxigênio": "oxygen", "ossigeno": "oxygen", "sauerstoff": "oxygen",
	"chlorophylle": "chlorophyll", "clorofila": "chlorophyll", "clorofilla": "chlorophyll",
	"nitrato": "nitrate", "nitrat": "nitrate",
	"profondeur": "depth", "profundidad": "depth", "profundidade": "depth", "profondità": "depth", "tiefe": "depth",
	"pression": "pressure", "presión": "pressure", "pressão": "pressure", "druck": "pressure",
	// aggregates
	"moyenne": "mean", "moyen": "mean", "moyennes": "mean", "promedio": "mean", "media": "mean", "média": "mean",
	"durchschnitt": "mean", "durchschnittlich": "mean", "durchschnittliche": "mean", "durchschnittlicher": "mean", "durchschnittlichen": "mean",
	"mittel": "mean", "mittlere": "mean", "mittlerer": "mean", "mittleren": "mean", "mittelwert": "mean",
	"médiane": "median", "mediana": "median", "median": "median",
	"maximale": "maximum", "máximo": "maximum", "máxima": "maximum", "massimo": "maximum", "massima": "maximum",
	"maximal": "maximum", "maximaler": "maximum", "maximalen": "maximum", "höchste": "highest", "höchster": "highest", "höchstwert": "maximum",
	"minimale": "minimum", "mínimo": "minimum", "mínima": "minimum", "minimo": "minimum", "minima": "minimum",
	"minimal": "minimum", "minimaler": "minimum", "minimalen": "minimum", "niedrigste": "lowest", "niedrigster": "lowest",
	"tendance": "trend", "tendencia": "trend", "tendência": "trend",
	"profil": "profile", "perfil": "profile", "profilo": "profile",
	// floats and cycles
	"flotteur": "float", "flotteurs": "floats", "bouée": "float", "bouées": "floats", "flotador": "float", "flotadores": "floats",
	"boya": "float", "boyas": "floats", "flutuador": "float", "flutuadores": "floats", "boia": "float", "galleggiante": "float",
	"boje": "float", "bojen": "floats", "treibboje": "float", "ciclo": "cycle", "ciclos": "cycles", "zyklus": "cycle",
	// the surface
	"superficie": "surface", "superfície": "surface", "oberfläche": "surface",
	// seasons
	"été": "summer", "verano": "summer", "verão": "summer", "sommer": "summer",
	"hiver": "winter", "invierno": "winter", "inverno": "winter",
	"printemps": "spring", "primavera": "spring", "frühling": "spring", "frühjahr": "spring",
	"automne": "autumn", "otoño": "autumn", "outono": "autumn", "autunno": "autumn", "herbst": "autumn",
	// Hindi written in Latin letters, mixed with English ("sabse recent
	// data kis float ne bheja": which float sent the most recent data)
	"sabse": "most", "kis": "which", "kaun": "which", "kaunsa": "which", "kaunsi": "which", "konsa": "which", "konsi": "which",
	"kitne": "how many", "kitni": "how many", "bheja": "sent", "bheje": "sent", "bheji": "sent", "bhejta": "sends",
	"ausat": "average", "taapmaan": "temperature", "tapmaan": "temperature", "tapman": "temperature", "lavanata": "salinity",
	"garam": "warm", "thanda": "cold", "gehrai": "depth", "gehraai": "depth", "pichhle": "last", "pichle": "last",
	"saal": "year", "varsh": "year", "mahine": "month", "mahina": "month",
}

// foreignPhrases are the words of a slot written as two words, read
// before single words: "sabse zyada" is "the most", "sabse kam" "the
// fewest".
var foreignPhrases = mustGuarded(`(?i)\bsabse\s+(?:zyada|jyada|adhik)\b|\bsabse\s+kam\b`)

// germanHeads are the first parts of German compounds and their
// English ("Durchschnittstemperatur": mean temperature,
// "Oberflächensalzgehalt": surface salinity); the rest of the compound
// is one of foreignWords.
var germanHeads = []struct{ head, word string }{
	{"durchschnitts", "mean"}, {"mittel", "mean"}, {"höchst", "maximum"}, {"maximal", "maximum"}, {"max", "maximum"},
	{"minimal", "minimum"}, {"min", "minimum"}, {"oberflächen", "surface"}, {"wasser", "water"},
}

// foreignMonths are the months, read when a year follows ("juillet
// 2019", "marzo de 2020", "März 2018"); a season translated drops the
// "de" before its year too ("verano de 2019").
var foreignMonths = map[string]string{
	"janvier": "January", "février": "February", "mars": "March", "avril": "April", "mai": "May", "juin": "June",
	"juillet": "July", "août": "August", "septembre": "September", "octobre": "October", "novembre": "November", "décembre": "December",
	"enero": "January", "febrero": "February", "marzo": "March", "abril": "April", "mayo": "May", "junio": "June",
	"julio": "July", "agosto": "August", "septiembre": "September", "setiembre": "September", "octubre": "October", "noviembre": "November", "diciembre": "December",
	"janeiro": "January", "fevereiro": "February", "março": "March", "maio": "May", "junho": "June", "julho": "July",
	"setembro": "September", "outubro": "October", "dezembro": "December",
	"januar": "January", "februar": "February", "märz": "March", "juni": "June", "juli": "July", "oktober": "October", "dezember": "December",
}

var (
	reLetters      = mustGuarded(`\p{L}+`)
	reForeignMonth = mustGuarded(`(?i)(^|[^\p{L}])(\p{L}+)\s+(?:de\s+|del\s+|do\s+)?((?:19|20)\d\d)\b`)
	// a depth after a preposition: "à 500 m", "a 500 metros", "en 200 m",
	// "bei 1000 m", "in 500 m Tiefe" ("in 500 m" alone is English, a bin)
	reForeignAt = mustGuarded(`(?i)(^|[^\p{L}])(?:à|a|en|em|bei|auf|in)\s+(\d{1,5}(?:[.,]\d+)?)\s*(m|mètres?|metros?|metri|metern?|dbar|db)\b(\s+(?:de\s+|di\s+)?(?:depth|profondeur|profundidad|profundidade|profondità|tiefe))?`)
)

// A thanks closing the message, in another language or in English ("…
// at the quay Obrigado", "Grazie mille", "merci beaucoup 🙏", "… no wait
// 2011 thanks") is no place and no word of the question: typed without a
// stop it would run into the name or the number before it.
var reClosingThanks = mustGuarded(`(?i)[\s,.;:!-]*\b(?:(?:many\s+)?thanks(?:\s+(?:a lot|so much|very much|again|in advance|heaps))?|thank\s+you(?:\s+(?:so much|very much|again|in advance))?|thx|tnx|(?:muito\s+)?obrigad[oa]s?|grazie(?:\s+mille)?|merci(?:\s+beaucoup)?|danke(?:\s+sch[öo]n)?|vielen\s+dank|(?:muchas\s+)?gracias|dzi[eę]kuj[eę](?:\s+bardzo)?|dank\s+je(?:\s+wel)?|bedankt|c[aả]m\s+[oơ]n|arigat[oō](?:\s+gozaimasu)?|kamsahamnida|gomawo|shukran|asante(?:\s+sana)?|tack(?:\s+s[åa])?|takk|kiitos|grazzi|efcharist[oó]|dhanyavaad|spasibo)\b[\s!.\p{So}\x{FE0F}]*$`)

// rewordForeign writes the foreign words of query that name the plan's
// slots in English; a question with none is returned as written.
func rewordForeign(query string) string {
	query = reClosingThanks.ReplaceAllString(query, "")
	found := false
	out := foreignPhrases.ReplaceAllStringFunc(query, func(w string) string {
		found = true
		if strings.HasSuffix(strings.ToLower(w), "kam") {
			return "fewest"
		}
		return "most"
	})
	out = reLetters.ReplaceAllStringFunc(out, func(w string) string {
		low := strings.ToLower(w)
		if e, ok := foreignWords[low]; ok {
			if e != low {
				found = true
			}
			return e
		}
		for _, h := range germanHeads {
			if rest, ok := strings.CutPrefix(low, h.head); ok && len(rest) >= 4 {
				if e, ok := foreignWords[rest]; ok && e != rest {
					found = true
					return h.word + " " + e
				}
			}
		}
		return w
	})
	out = replaceFunc(reForeignMonth, out, func(m []int) string {
		w := strings.ToLower(out[m[4]:m[5]])
		if e, ok := foreignMonths[w]; ok {
			found = true
			return out[m[2]:m[3]] + e + " " + out[m[6]:m[7]]
		}
		if found && (w == "summer" || w == "winter" || w == "spring" || w == "autumn") {
			return out[m[2]:m[3]] + w + " " + out[m[6]:m[7]] // "verão de 2019"
		}
		return out[m[0]:m[1]]
	})
	if !found && !strings.ContainsRune(out, 'à') {
		return query
	}
	return replaceFunc(reForeignAt, out, func(m []int) string {
		prep := strings.ToLower(strings.TrimSpace(out[m[0]:m[4]]))
		if strings.HasSuffix(prep, "in") && m[8] < 0 {
			return out[m[0]:m[1]] // "in 500 m" without Tiefe
		}
		unit := strings.ToLower(out[m[6]:m[7]])
		if unit != "dbar" && unit != "db" {
			unit = "m"
		}
		return out[m[2]:m[3]] + "at " + strings.Replace(out[m[4]:m[5]], ",", ".", 1) + " " + unit
	})
}

// A query string: key=value pairs after "?", joined by "&" (or written
// alone, two or more). queryKeys are the keys read.
var (
	reQueryPair = mustGuarded(`(?i)(?:^|[?&;\s,])([a-z_]+)\s*=\s*([^&;\s,]+)`)
	queryKeys   = map[string]string{
		"float": "float", "wmo": "float", "platform": "float", "platform_number": "float",
		"var": "var", "variable": "var", "param": "var", "parameter": "var",
		"agg": "agg", "aggregate": "agg", "stat": "agg", "statistic": "agg",
		"cycle": "cycle", "cyc": "cycle", "cycles": "cycle", "cycle_number": "cycle",
		"depth": "depth", "pres": "depth", "pressure": "depth",
		"from": "from", "start": "from", "since": "from", "to": "to", "end": "to", "until": "to",
		"region": "region", "lat": "lat", "lon": "lon", "lng": "lon",
		"group": "group", "groupby": "group", "group_by": "group", "answer": "answer", "format": "answer",
	}
	reNumRange = mustGuarded(`^(\d+(?:\.\d+)?)(?:-|\.\.|:)(\d+(?:\.\d+)?)$`)
)

// rewordQueryString writes the key=value pairs of a query string as
// words: float=2901780 as "float 2901780", var=temp as "temp",
// cycle=10 as "cycle 10", depth=500 as "at 500 dbar", from=2019-01-01
// as "from 2019-01-01".
func rewordQueryString(query string) string {
	pairs := reQueryPair.FindAllStringSubmatchIndex(query, -1)
	known := 0
	for _, m := range pairs {
		if _, ok := queryKeys[strings.ToLower(query[m[2]:m[3]])]; ok {
			known++
		}
	}
	if known == 0 || known < 2 && !strings.ContainsAny(query, "?&") {
		return query
	}
	var b strings.Builder
	last := 0
	for _, m := range pairs {
		key, ok := queryKeys[strings.ToLower(query[m[2]:m[3]])]
		if !ok {
			continue
		}
		v := query[m[4]:m[5]]
		if u, err := url.QueryUnescape(v); err == nil {
			v = u
		}
		v = strings.ReplaceAll(v, "_", " ")
		var words string
		switch key {
		case "float", "cycle", "from", "to", "lat", "lon":
			words = key + " " + v
		case "depth":
			if r := reNumRange.FindStringSubmatch(v); r != nil {
				words = "between " + r[1] + " and " + r[2] + " dbar"
			} else {
				words = "at " + v + " dbar"
			}
		case "group":
			words = "per " + v
		default:
			words = v
		}
		b.WriteString(query[last:m[2]])
		b.WriteString(words)
		last = m[1]
	}
	b.WriteString(query[last:])
	return strings.NewReplacer("?", ", ", "&", ", ").Replace(b.String())
}
