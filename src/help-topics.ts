/** The hidden command `dgw help TOPIC` becomes; never shown, listed or completed. */
export const HELP_TOPIC_COMMAND = 'help-topic';

/** Topics `dgw help` knows besides command names. */
export const HELP_TOPICS: readonly string[] = ['exit-codes', 'options'];
