package export

// DejaVuSans returns the regular DejaVu Sans font (TrueType): the app
// draws figurines and the board's pieces with it.
func DejaVuSans() []byte { return dejaVuSans }

// DejaVuSansBold returns the bold DejaVu Sans font (TrueType).
func DejaVuSansBold() []byte { return dejaVuSansBold }
