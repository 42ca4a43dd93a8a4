package mapschat

import "regexp"

// Route words of French, Québécois among them ("c'est à combien de temps
// en char, la première?", "pis à pied?"), read as their English, as
// spanish.go reads Spanish ones.

var frenchRoute = []foreignWord{
	{regexp.MustCompile(`(?i)(?:^|\s)(?:(?:c'est|c’est|cé|ce serait|ça serait|ca serait)\s+)?(?:à|a)\s+combien\s+de\s+(?:temps|minutes)\b`), "how long"},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:ça|ca)\s+prend\s+combien\s+de\s+(?:temps|minutes)\b|\bcombien\s+de\s+(?:temps|minutes)\b`), "how long"},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:(?:c'est|c’est|cé)\s+)?(?:à|a)\s+combien\s+de\s+(?:km|kilom[eè]tres|milles)\b|\bc'est\s+(?:tu\s+)?loin\b|\bc’est\s+(?:tu\s+)?loin\b`), "how far"},
	// "char" is a car in Québec; "machine" too, in the country
	{regexp.MustCompile(`(?i)\b(?:en|par)\s+(?:char|auto|voiture|machine|taxi|bazou)\b`), "by car"},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:à|a)\s+pied\b`), " on foot"},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:à|a|en)\s+(?:vélo|velo|bicyclette|bécik|becik)\b`), "by bike"},
	{regexp.MustCompile(`(?i)\b(?:en|par)\s+(?:autobus|bus|métro|metro|train|transport en commun|transports en commun)\b`), "by public transport"},
	{regexp.MustCompile(`(?i)\b(?:la|le)\s+(?:première|premiere|premier|1re|1er)\b`), "the first one"},
	{regexp.MustCompile(`(?i)\b(?:la|le)\s+(?:deuxième|deuxieme|seconde|second|2e)\b`), "the second one"},
	{regexp.MustCompile(`(?i)\b(?:la|le)\s+(?:troisième|troisieme|3e)\b`), "the third one"},
	{regexp.MustCompile(`(?i)\b(?:la|le)\s+(?:dernière|derniere|dernier)\b`), "the last one"},
	// going there, from a place: "et pour y aller depuis la gare ?"
	{regexp.MustCompile(`(?i)\b(?:pour|comment)\s+y\s+(?:aller|arriver|se\s+rendre)\b`), "how do i get there"},
	{regexp.MustCompile(`(?i)\by\s+(?:aller|arriver|se\s+rendre)\b`), "get there"},
	{regexp.MustCompile(`(?i)\bdepuis\s+(?:la|le|les|l['’])\s*`), "from the "},
	{regexp.MustCompile(`(?i)\bdepuis\b`), "from"},
	// near a place: "la pharmacie la plus proche d'Encamp", "près de la gare" (la kept: "La Massana" is a town)
	{regexp.MustCompile(`(?i)\b(?:la|le|les)\s+plus\s+proches?\s+(?:du|des|de|d['’])\s*`), "nearest near "},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:près|pres|proche)\s+(?:du|des|de|d['’])\s*`), " near "},
	// a height: "quelle est l'altitude d'Ordino, à peu près ?"
	{regexp.MustCompile(`(?i)\b(?:quelle|quel)\s+est\b`), "what is"},
	{regexp.MustCompile(`(?i)\b(?:l['’]\s*altitude|l['’]\s*élévation|l['’]\s*elevation|la\s+hauteur)\s+(?:de\s+la|du|des|de|d['’])\s*`), "the elevation of "},
	{regexp.MustCompile(`(?i)(?:^|\s)(?:à|a)\s+peu\s+près\b|\benviron\b`), " roughly"},
	// "pis" (Québec) and "et puis" open a follow-up as "and" does
	{regexp.MustCompile(`(?i)^\s*(?:pis|puis|et puis|et pis|et)\b[,]?`), "and"},
}

// french reads a message's French route words in English where it
// holds any.
var french = foreignWords{cue: regexp.MustCompile(`(?i)\bcombien\b|(?:^|\s)(?:à|a)\s+pied\b|\ben\s+(?:char|auto|voiture|autobus)\b|(?:^|\s)(?:à|a|en)\s+(?:vélo|velo|bicyclette)\b|\bc['’]est\s+(?:tu\s+)?loin\b|\b(?:la|le)\s+(?:première|premiere|premier|deuxième|deuxieme|troisième|troisieme|dernière|derniere|dernier)\b|\by\s+(?:aller|arriver|se\s+rendre)\b|\bdepuis\b|\bl['’]\s*(?:altitude|élévation)\b|\bla\s+hauteur\s+d|(?:^|\s)(?:à|a)\s+peu\s+près\b|\bplus\s+proches?\s+d|(?:^|\s)près\s+d`), words: frenchRoute}
