//go:build !long

package game

const longTests = false
