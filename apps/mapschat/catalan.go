package mapschat

import "regexp"

// Words of Catalan mixed into English, as Andorrans write ("necessito una
// benzinera a prop de Pas de la Casa", "i l'altitud d'Encamp?"): the
// kinds of place, what is asked and the little words around a place,
// read as their English, as spanish.go reads Spanish ones.

var catalanWords = []foreignWord{
	{regexp.MustCompile(`(?i)^\s*(?:bon dia|bona tarda|bona nit|bon vespre)\b`), "good morning"},
	{regexp.MustCompile(`(?i)^\s*i\s+(l['’]|el\s|la\s|com\s|quant)`), "and $1"},
	{regexp.MustCompile(`(?i)\b(?:l['’]altitud|l['’]alçada|l['’]altura)\s+(?:de|d['’])\s*`), "the elevation of "},
	{regexp.MustCompile(`(?i)\b(?:quina\s+altitud|quina\s+alçada|a\s+quina\s+altura)\s+(?:t[eé]|est[aà]|hi\s+ha\s+a)?\s*`), "how high is "},
	{regexp.MustCompile(`(?i)\ba\s+prop\s+(?:de|d['’])\s*`), "near "},
	{regexp.MustCompile(`(?i)\ba\s+prop\b`), "nearby"},
	{regexp.MustCompile(`(?i)\b(?:necessito|necessitem|busco|busquem|vull|volem)\b`), "I need"},
	{regexp.MustCompile(`(?i)\bhi\s+ha\b`), "is there"},
	{regexp.MustCompile(`(?i)\b(?:com\s+arribo|com\s+s['’]arriba|com\s+anem)\s+(?:a|al|fins\s+a)\b`), "how do I get to"},
	{regexp.MustCompile(`(?i)\bquant\s+(?:temps|triguem|trigo)\b`), "how long"},
	{regexp.MustCompile(`(?i)\ba\s+peu\b`), "on foot"},
	{regexp.MustCompile(`(?i)\ben\s+cotxe\b`), "by car"},
	{regexp.MustCompile(`(?i)\b(?:amb|en)\s+bici(?:cleta)?\b`), "by bike"},
	// kinds of place, singular and plural
	{regexp.MustCompile(`(?i)\bbenziner(?:a|es)\b`), "gas station"},
	{regexp.MustCompile(`(?i)\bfarm[aà]ci(?:a|es)\b`), "pharmacy"},
	{regexp.MustCompile(`(?i)\bcaixers?(?:\s+autom[aà]tics?)?\b`), "atm"},
	{regexp.MustCompile(`(?i)\bsupermercats?\b`), "supermarket"},
	{regexp.MustCompile(`(?i)\b(?:aparcaments?|p[aà]rquings?)\b`), "parking"},
	{regexp.MustCompile(`(?i)\b(?:forn(?:s)?\s+de\s+pa|fleques?)\b`), "bakery"},
	{regexp.MustCompile(`(?i)\b(?:restaurants?)\b`), "restaurant"},
	{regexp.MustCompile(`(?i)\bcafeteri(?:a|es)\b`), "cafe"},
	{regexp.MustCompile(`(?i)\bhospitals?\b`), "hospital"},
	{regexp.MustCompile(`(?i)\bmuseus?\b`), "museum"},
	// "a" before a town's capital is "in": "l'església, a Andorra la Vella"
	{regexp.MustCompile(`(?:^|\s)a\s+(\p{Lu})`), " in $1"},
}

// catalan reads a message's Catalan words of a maps request in English
// where it holds words no English or Spanish message has.
var catalan = foreignWords{cue: regexp.MustCompile(`(?i)\b(?:bon dia|bona tarda|necessit[oe]m?|benziner(?:a|es)|farm[aà]cies|farmàcia|caixers?|supermercats?|aparcaments?|fleques?|a prop|l['’]altitud|l['’]alçada|quina|tinc|si us plau|gràcies|després|perfecte|com arribo|en cotxe)\b`), words: catalanWords}
