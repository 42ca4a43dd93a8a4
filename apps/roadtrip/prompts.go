package roadtrip

import (
	"bytes"
	"embed"
	"text/template"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

var prompts = template.Must(template.ParseFS(promptFS, "prompts/*.tmpl"))

// render executes the prompt template name (file prompts/NAME.tmpl). The
// templates are fixed and tested, so an error is a bug: it is returned as
// the text, which a model would see and a test would catch.
func render(name string, data any) string {
	var b bytes.Buffer
	if err := prompts.ExecuteTemplate(&b, name+".tmpl", data); err != nil {
		return "template error: " + err.Error()
	}
	return b.String()
}
