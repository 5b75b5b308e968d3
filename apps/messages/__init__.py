"""Messages: SMS threads over the shared sms provider; a share target."""
