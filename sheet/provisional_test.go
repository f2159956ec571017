package sheet

import "testing"

// TestCheckProvisional: a board finding at or after a ply the arbiter has
// still to decide rests on a provisional move and says so; one before it
// does not, and copy findings never do.
func TestCheckProvisional(t *testing.T) {
	// A knight shuffle repeats the start position at plies 4 and 8; ply 6
	// is illegible on both copies (to decide), so the threefold at ply 8
	// is provisional while the result finding about the copies is not.
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	white, black := texts(moves...), texts(moves...)
	white[5].Illegible, black[5].Illegible = true, true
	g := twoCopies("", white, black)
	rec := reconcile(t, g)
	if first := rec.FirstUndecided(); first != 6 {
		t.Fatalf("first ply to decide %d, want 6", first)
	}
	var threefold, missing *CheckFinding
	fs := Check(g, rec, "")
	for i := range fs {
		switch fs[i].Code {
		case CheckThreefold:
			threefold = &fs[i]
		case CheckNeedsDecision:
			missing = &fs[i]
		}
	}
	if threefold == nil || threefold.Ply != 8 || !threefold.Provisional {
		t.Errorf("threefold %+v: want ply 8, provisional", threefold)
	}
	if missing == nil || missing.Provisional {
		t.Errorf("needs-decision %+v: a copy finding is never provisional", missing)
	}

	// The same game settled: nothing is provisional.
	g = twoCopies("", texts(moves...), texts(moves...))
	for _, f := range Check(g, reconcile(t, g), "") {
		if f.Provisional {
			t.Errorf("%+v provisional in a settled game", f)
		}
	}
}
