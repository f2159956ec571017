package pgn

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"sync"

	"scoresheet/rules"
)

// Verdict is what validation says about one game.
type Verdict struct {
	File     string
	Index    int // 0-based game number in the file
	Line     int
	White    string
	Black    string
	Plies    int // plies read legally
	Legal    bool
	Warnings bool
	Problems []Problem
}

// Summary counts a validation run.
type Summary struct {
	Games, Plies, GamesWithErrors, GamesWithWarnings int
}

func (s *Summary) merge(o Summary) {
	s.Games += o.Games
	s.Plies += o.Plies
	s.GamesWithErrors += o.GamesWithErrors
	s.GamesWithWarnings += o.GamesWithWarnings
}

func (s *Summary) add(v *Verdict) {
	s.Games++
	s.Plies += v.Plies
	if !v.Legal {
		s.GamesWithErrors++
	}
	if v.Warnings {
		s.GamesWithWarnings++
	}
}

// ValidateOptions set up Validate.
type ValidateOptions struct {
	File    string         // the name problems are reported under
	Letters *rules.Letters // the notation language of the movetext; nil is English
	Jobs    int            // games checked at once; 0 means one per CPU
	// All passes every game to emit; otherwise only games with problems.
	All bool
}

// blockBytes is the size of the blocks the reader hands to workers: big
// enough that per-block work is negligible, small enough that memory does
// not grow with the file (a few blocks are in flight).
// A variable so that tests can cut small files into many blocks.
var blockBytes = 1 << 20

type block struct {
	seq       int
	data      []byte
	firstLine int
	last      bool
	verdicts  []Verdict
	summary   Summary
	unclean   bool // the block ended inside a brace comment
}

// Validate checks every game of a PGN stream and calls emit, in file
// order, for each game with problems (or every game with All). It streams:
// memory holds a few blocks of the file whatever its size.
//
// With several jobs the stream is cut into blocks at a blank line followed
// by a tag line, and each worker splits and checks its own block. Such a
// cut is where the one-pass splitter starts a new game too, unless the
// cut falls inside a brace comment; a worker notices that (its block ends
// inside a comment), and then that block and the next are read again as
// one, so the result is always that of the one-pass reading.
func Validate(r io.Reader, opt ValidateOptions, emit func(*Verdict)) (Summary, error) {
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	if jobs == 1 {
		var sum Summary
		_, err := validateStream(r, opt, 0, 0, func(v *Verdict) {
			sum.add(v)
			if opt.All || len(v.Problems) > 0 {
				emit(v)
			}
		})
		return sum, err
	}

	todo := make(chan *block, jobs)
	done := make(chan *block, jobs)
	free := make(chan *block, 2*jobs+2)
	for i := 0; i < cap(free); i++ {
		free <- &block{}
	}
	var readErr error
	go func() {
		defer close(todo)
		// Lone CRs become LFs before the cut, so that blocks count lines
		// as the splitter does.
		readErr = cutBlocks(&crReader{r: r}, free, todo)
	}()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sp := NewSplitter(nil)
			ps := &Parser{File: opt.File, Letters: opt.Letters}
			for b := range todo {
				b.verdicts, b.summary = b.verdicts[:0], Summary{}
				sp.Reset(bytes.NewReader(b.data))
				b.unclean = checkChunks(sp, ps, opt, func(v *Verdict) {
					b.summary.add(v)
					if opt.All || len(v.Problems) > 0 {
						b.verdicts = append(b.verdicts, *v)
					}
				}) && !b.last
				done <- b
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	var sum Summary
	games := 0 // games emitted so far: the base of the next block's numbering
	var merged []byte
	mergedLine := 0
	out := func(v *Verdict, base, firstLine int) {
		v.Index += base
		v.Line += firstLine - 1
		for i := range v.Problems {
			v.Problems[i].Line += firstLine - 1
		}
		emit(v)
	}
	waiting := map[int]*block{}
	next := 0
	for b := range done {
		waiting[b.seq] = b
		for {
			b, ok := waiting[next]
			if !ok {
				break
			}
			delete(waiting, next)
			next++
			switch {
			case merged != nil || b.unclean:
				// Read again with what came before, in this goroutine,
				// once the text is out of the comment. A block after an
				// open comment starts inside it, which its worker did not
				// know: whether the comment closes is asked again.
				open := b.unclean
				if merged == nil {
					mergedLine = b.firstLine
				} else {
					open = endsInComment(b.data)
				}
				merged = append(merged, b.data...)
				if open {
					break
				}
				var vs []Verdict
				var part Summary
				if stillOpen, _ := validateStream(bytes.NewReader(merged), opt, games, mergedLine, func(v *Verdict) {
					part.add(v)
					if opt.All || len(v.Problems) > 0 {
						vs = append(vs, *v)
					}
				}); stillOpen && !b.last {
					break
				}
				sum.merge(part)
				games += part.Games
				for i := range vs {
					emit(&vs[i])
				}
				merged = nil
			default:
				sum.merge(b.summary)
				for i := range b.verdicts {
					out(&b.verdicts[i], games, b.firstLine)
				}
				games += b.summary.Games
			}
			free <- b
		}
	}
	if merged != nil {
		_, _ = validateStream(bytes.NewReader(merged), opt, games, mergedLine, func(v *Verdict) {
			sum.add(v)
			if opt.All || len(v.Problems) > 0 {
				emit(v)
			}
		})
	}
	return sum, readErr
}

// endsInComment reports whether data, read from inside a brace comment,
// ends inside one.
func endsInComment(data []byte) bool {
	sp := NewSplitter(io.MultiReader(strings.NewReader("{"), bytes.NewReader(data)))
	for {
		if _, ok := sp.Next(); !ok {
			return sp.InComment()
		}
	}
}

// validateStream checks a stream in one pass; game numbers start at base
// and lines at firstLine (0 or 1 for the start of a file). It reports
// whether the stream ended inside a brace comment.
func validateStream(r io.Reader, opt ValidateOptions, base, firstLine int, each func(*Verdict)) (bool, error) {
	sp := NewSplitter(r)
	ps := &Parser{File: opt.File, Letters: opt.Letters}
	inComment := checkChunks(sp, ps, opt, func(v *Verdict) {
		v.Index += base
		if firstLine > 1 {
			v.Line += firstLine - 1
			for i := range v.Problems {
				v.Problems[i].Line += firstLine - 1
			}
		}
		each(v)
	})
	return inComment, sp.Err()
}

// checkChunks checks every game the splitter yields and reports whether
// the stream ended inside a brace comment.
func checkChunks(sp *Splitter, ps *Parser, opt ValidateOptions, each func(*Verdict)) bool {
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		v := verdictOf(ps.Parse(c), opt.File)
		each(&v)
	}
	return sp.InComment()
}

// cutBlocks reads the stream into blocks of about blockBytes, each ending
// just before a tag line that follows a blank line.
func cutBlocks(r io.Reader, free <-chan *block, todo chan<- *block) error {
	var carry []byte
	line := 1
	eof := false
	for seq := 0; !eof; seq++ {
		b := <-free
		b.seq, b.last = seq, false
		b.data = append(b.data[:0], carry...)
		carry = carry[:0]
		cut := -1
		for cut < 0 && !eof {
			if cap(b.data)-len(b.data) < blockBytes/2 {
				b.data = append(b.data, make([]byte, blockBytes)...)[:len(b.data)]
			}
			n, err := io.ReadFull(r, b.data[len(b.data):cap(b.data)])
			b.data = b.data[:len(b.data)+n]
			switch err {
			case nil:
			case io.EOF, io.ErrUnexpectedEOF:
				eof = true
			default:
				return err
			}
			if !eof {
				cut = lastCut(b.data)
			}
		}
		if cut >= 0 {
			carry = append(carry, b.data[cut:]...)
			b.data = b.data[:cut]
		}
		b.last = eof
		b.firstLine = line
		line += bytes.Count(b.data, []byte{'\n'})
		todo <- b
	}
	return nil
}

// lastCut returns the start of the last tag line of b that follows a
// blank line, or -1.
func lastCut(b []byte) int {
	for end := len(b); end > 0; {
		i := bytes.LastIndex(b[:end], []byte("\n["))
		if i < 0 {
			return -1
		}
		j := i - 1
		for j >= 0 && (b[j] == '\r' || b[j] == ' ' || b[j] == '\t') {
			j--
		}
		if j >= 0 && b[j] == '\n' && tagName(b[i+1:]) != nil {
			return i + 1
		}
		end = i
	}
	return -1
}

// verdictOf copies what validation keeps of a parsed game (the parser
// reuses its game).
func verdictOf(g *PGNGame, file string) Verdict {
	v := Verdict{File: file, Index: g.Index, Line: g.Line, Plies: g.Plies, Legal: g.Legal(), Warnings: g.HasWarnings}
	if len(g.Problems) > 0 {
		v.Problems = append([]Problem(nil), g.Problems...)
		v.White, v.Black = strings.Clone(g.Tag("White")), strings.Clone(g.Tag("Black"))
		for i := range v.Problems {
			v.Problems[i].Text = strings.Clone(v.Problems[i].Text)
		}
	}
	return v
}
