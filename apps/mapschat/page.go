package mapschat

import (
	"embed"
	"io/fs"
	"net/http"
)

// web holds the page: HTML, CSS and JavaScript written for this project,
// with no third-party code; it needs nothing but this server.
//
//go:embed web
var web embed.FS

// PagePaths are the paths of the page and its files. They hold no data,
// so a server with API keys lets them through (the page asks for a key
// when the API answers 401).
var PagePaths = []string{"/", "/chat", "/chat/", "/chat/app.js", "/chat/app.css"}

// pagePolicy keeps the page to its own server: scripts, styles and
// requests from this origin only.
const pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func registerPage(mux *http.ServeMux) {
	files, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic(err)
	}
	secure := func(h http.Header) {
		h.Set("Content-Security-Policy", pagePolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
	}
	page := func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(index)
	}
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /chat", page)
	mux.HandleFunc("GET /chat/{$}", page)
	static := http.StripPrefix("/chat/", http.FileServerFS(files))
	for _, name := range []string{"app.js", "app.css"} {
		mux.HandleFunc("GET /chat/"+name, func(w http.ResponseWriter, r *http.Request) {
			secure(w.Header())
			w.Header().Set("Cache-Control", "no-cache")
			static.ServeHTTP(w, r)
		})
	}
}
