package rules

import "testing"

// Perft benchmarks on the chessprogramming.org positions (the FENs and
// counts of ../shared/corpora/perft/standard6.txt), reporting nodes per
// second. bench/perft.sh compares the same positions with Stockfish.
//
//	go test -run='^$' -bench=Perft -benchtime=3x ./rules

const (
	benchKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	benchPos3     = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	benchPos4     = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	benchPos5     = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
)

func benchPerft(b *testing.B, fen string, depth int, want uint64) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var runs uint64
	for b.Loop() {
		if n := Perft(p, depth); n != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
		}
		runs++
	}
	b.ReportMetric(float64(runs*want)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(want), "nodes/op")
}

func BenchmarkPerftStart4(b *testing.B)    { benchPerft(b, StartFEN, 4, 197281) }
func BenchmarkPerftStart5(b *testing.B)    { benchPerft(b, StartFEN, 5, 4865609) }
func BenchmarkPerftKiwipete3(b *testing.B) { benchPerft(b, benchKiwipete, 3, 97862) }
func BenchmarkPerftKiwipete4(b *testing.B) { benchPerft(b, benchKiwipete, 4, 4085603) }
func BenchmarkPerftPos3_5(b *testing.B)    { benchPerft(b, benchPos3, 5, 674624) }
func BenchmarkPerftPos3_6(b *testing.B)    { benchPerft(b, benchPos3, 6, 11030083) }
func BenchmarkPerftPos4_4(b *testing.B)    { benchPerft(b, benchPos4, 4, 422333) }
func BenchmarkPerftPos4_5(b *testing.B)    { benchPerft(b, benchPos4, 5, 15833292) }
func BenchmarkPerftPos5_4(b *testing.B)    { benchPerft(b, benchPos5, 4, 2103487) }
