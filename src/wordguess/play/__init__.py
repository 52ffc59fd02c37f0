"""Playing: hosts (`hosts`), simulated games (`simulate`), the assistant for a game played
elsewhere (`assistant`) and a game hosted here (`hosted`)."""
