package publish

import "scoresheet/app/core"

// Options say where a round is published: the faces' choices (the CLI's
// flags, the window's dialog), made into targets in one place.
type Options struct {
	Round int
	// Lichess is the broadcast round's id; TokenFile holds the token;
	// LichessURL the server (LichessURL when "").
	Lichess, TokenFile, LichessURL string
	Folder                         string // DIR of DIR/round-R/games.pgn
	Serve                          string // host:port serving /round/R.pgn
}

// Check says what the options lack: a core.PublishError "publish-round"
// (no round), "publish-none" (no target) or "publish-token" (the round
// id and the token file go together).
func (o Options) Check() error {
	switch {
	case o.Round <= 0:
		return &core.PublishError{Code: core.PublishRound}
	case o.Lichess == "" && o.Folder == "" && o.Serve == "":
		return &core.PublishError{Code: core.PublishNone}
	case (o.Lichess == "") != (o.TokenFile == ""):
		return &core.PublishError{Code: core.PublishToken}
	}
	return nil
}

// Targets makes the targets the options name; server is the HTTP target,
// listening, when Serve is given (the caller closes it).
func (o Options) Targets() (targets []Target, server *Server, err error) {
	if o.Lichess != "" {
		base := o.LichessURL
		if base == "" {
			base = LichessURL
		}
		l, err := NewLichess(base, o.Lichess, o.TokenFile)
		if err != nil {
			return nil, nil, err
		}
		targets = append(targets, l)
	}
	if o.Folder != "" {
		targets = append(targets, &Folder{Dir: o.Folder, Round: o.Round})
	}
	if o.Serve != "" {
		server = &Server{Round: o.Round}
		if err := server.Listen(o.Serve); err != nil {
			return nil, nil, err
		}
		targets = append(targets, server)
	}
	return targets, server, nil
}
