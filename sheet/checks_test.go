package sheet

// only returns the findings with code c.
func only(fs []CheckFinding, c CheckCode) []CheckFinding {
	var out []CheckFinding
	for _, f := range fs {
		if f.Code == c {
			out = append(out, f)
		}
	}
	return out
}
