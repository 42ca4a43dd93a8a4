package mapschat

import "regexp"

// Route words of Spanish mixed into English ("cuánto tiempo caminando
// desde el hotel hasta la farmacia"), read as their English.

var spanishRoute = []foreignWord{
	{regexp.MustCompile(`(?i)\bdesde\s+(?:el|la|los|las)\s+`), "from the "},
	{regexp.MustCompile(`(?i)\bhasta\s+(?:el|la|los|las)\s+`), "to the "},
	{regexp.MustCompile(`(?i)\bdesde\s+`), "from "},
	{regexp.MustCompile(`(?i)\bhasta\s+`), "to "},
	{regexp.MustCompile(`(?i)\b(?:cu[aá]nto\s+tiempo|cu[aá]ntos\s+minutos|cu[aá]nto\s+se\s+tarda|qu[eé]\s+tan\s+lejos|a\s+qu[eé]\s+distancia)\b`), "how long"},
	{regexp.MustCompile(`(?i)\b(?:caminando|andando|a\s+pie)\b`), "walking"},
	{regexp.MustCompile(`(?i)\b(?:en\s+coche|en\s+carro|en\s+auto|manejando|conduciendo)\b`), "driving"},
	{regexp.MustCompile(`(?i)\b(?:(?:en|in|por|on|by)\s+(?:la\s+)?bici(?:cleta)?)\b`), "by bike"},
	{regexp.MustCompile(`(?i)\b(?:en\s+autob[uú]s|en\s+bus|en\s+tren|en\s+transporte\s+p[uú]blico)\b`), "by public transport"},
	// a listed place by its order, and what is asked of it
	{regexp.MustCompile(`(?i)\b(?:(?:la|el|the)\s+)?primer[ao]\b`), "the first one"},
	{regexp.MustCompile(`(?i)\b(?:(?:la|el|the)\s+)?segund[ao]\b`), "the second one"},
	{regexp.MustCompile(`(?i)\b(?:(?:la|el|the)\s+)?tercer[ao]?\b`), "the third one"},
	{regexp.MustCompile(`(?i)\b(?:(?:la|el|the)\s+)?cuart[ao]\b`), "the fourth one"},
	{regexp.MustCompile(`(?i)\b(?:(?:la|el|the)\s+)?[uú]ltim[ao]\b`), "the last one"},
	{regexp.MustCompile(`(?i)\b(?:(?:est[aá]|est[aá]n)\s+)?abiert[ao]s?\b`), "is it open"},
	{regexp.MustCompile(`(?i)\b(?:a\s+qu[eé]\s+hora\s+cierra|cu[aá]ndo\s+cierra)\b`), "when does it close"},
	{regexp.MustCompile(`(?i)\bhorarios?\b`), "opening hours"},
	{regexp.MustCompile(`(?i)\btel[eé]fono\b`), "phone number"},
	{regexp.MustCompile(`(?i)\bdirecci[oó]n\b`), "address"},
	// dirección's false friend: "what is the direction of it" asks its address
	{regexp.MustCompile(`(?i)\b(what(?:'s|’s| is)|which is|tell me|give me)\s+(?:the\s+)?direction\s+of\b`), "$1 the address of"},
	{regexp.MustCompile(`(?i)\bahora(?:\s+mismo)?\b`), "now"},
	{regexp.MustCompile(`(?i)\bhoy\b`), "today"},
}

// spanish reads a message's Spanish route words in English where it
// holds any.
var spanish = foreignWords{cue: regexp.MustCompile(`(?i)\b(?:desde|hasta|caminando|andando|en coche|en carro|manejando|conduciendo|bicicleta|en bici|en autob[uú]s|en bus|cu[aá]nto|qu[eé] tan|primer[ao]|segund[ao]|tercer[ao]?|cuart[ao]|[uú]ltim[ao]|abiert[ao]s?|cierra|horarios?|tel[eé]fono|direcci[oó]n|(?:what(?:'s|’s| is)|which is|tell me|give me)\s+(?:the\s+)?direction\s+of)\b`), words: spanishRoute}
