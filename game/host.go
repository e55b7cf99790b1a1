package game

import "slices"

// OptionChoices lists the legal values of an enumerated option (nil for a
// number, a true/false or an unknown name), for the host's option editor.
func OptionChoices(name string) []string { return slices.Clone(optionChoices[name]) }
