package mapschat

import (
	"regexp"
	"strings"
)

// Route words of Spanish mixed into English ("cuánto tiempo caminando
// desde el hotel hasta la farmacia"), read as their English.

var spanishRoute = []struct {
	re *regexp.Regexp
	en string
}{
	{regexp.MustCompile(`(?i)\bdesde\s+(?:el|la|los|las)\s+`), "from the "},
	{regexp.MustCompile(`(?i)\bhasta\s+(?:el|la|los|las)\s+`), "to the "},
	{regexp.MustCompile(`(?i)\bdesde\s+`), "from "},
	{regexp.MustCompile(`(?i)\bhasta\s+`), "to "},
	{regexp.MustCompile(`(?i)\b(?:cu[aá]nto\s+tiempo|cu[aá]ntos\s+minutos|cu[aá]nto\s+se\s+tarda|qu[eé]\s+tan\s+lejos|a\s+qu[eé]\s+distancia)\b`), "how long"},
	{regexp.MustCompile(`(?i)\b(?:caminando|andando|a\s+pie)\b`), "walking"},
	{regexp.MustCompile(`(?i)\b(?:en\s+coche|en\s+carro|en\s+auto|manejando|conduciendo)\b`), "driving"},
	{regexp.MustCompile(`(?i)\b(?:(?:en|in|por|on|by)\s+(?:la\s+)?bici(?:cleta)?)\b`), "by bike"},
	{regexp.MustCompile(`(?i)\b(?:en\s+autob[uú]s|en\s+bus|en\s+tren|en\s+transporte\s+p[uú]blico)\b`), "by public transport"},
}

// reSpanishCue says a message holds Spanish route words at all.
var reSpanishCue = regexp.MustCompile(`(?i)\b(?:desde|hasta|caminando|andando|en coche|en carro|manejando|conduciendo|bicicleta|en bici|en autob[uú]s|en bus|cu[aá]nto|qu[eé] tan)\b`)

// inEnglish is text with its Spanish route words in English.
func inEnglish(text string) string {
	if !reSpanishCue.MatchString(text) {
		return text
	}
	for _, s := range spanishRoute {
		text = s.re.ReplaceAllString(text, s.en)
	}
	return strings.Join(strings.Fields(text), " ")
}
