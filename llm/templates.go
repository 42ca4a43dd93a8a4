package llm

import (
	"fmt"
	"io/fs"
	"strings"
	"text/template"
)

// Templates renders a system's prompts from text/template files, usually
// embedded with go:embed, so prompt text lives beside the code that fills
// it and one render test covers it. It is safe for concurrent use.
type Templates struct{ t *template.Template }

// MustParseTemplates parses the files matching pattern in fsys, with
// "join" (strings.Join) available to them. The files are part of the
// program, so a parse error is a bug: it panics, at package initialisation
// when assigned to a package variable, which any test of the package then
// reports.
func MustParseTemplates(fsys fs.FS, pattern string) *Templates {
	t := template.New("").Funcs(template.FuncMap{"join": strings.Join})
	return &Templates{t: template.Must(t.ParseFS(fsys, pattern))}
}

// Render executes the template of file NAME.tmpl with data. The error
// names the prompt.
func (ts *Templates) Render(name string, data any) (string, error) {
	var b strings.Builder
	if err := ts.t.ExecuteTemplate(&b, name+".tmpl", data); err != nil {
		return "", fmt.Errorf("prompt %s: %w", name, err)
	}
	return b.String(), nil
}
