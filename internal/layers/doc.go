// Package layers holds the test that keeps Cairn's import rule, as
// docs/architecture.md states it: the lower packages (event, llm, tool,
// mcp, flow, trace, geo, netcdf, ocean, understand, eventdata and their subpackages) never import
// apps/ or cmd/, and a system under apps/ never imports another system or
// cmd/. It has no code of its own.
package layers
