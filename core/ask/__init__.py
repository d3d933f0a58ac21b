"""Ask the paper: questions answered from retrieved passages, every sentence checked."""
