// The TextRendering module: SVG and PNG canvases (see README).
