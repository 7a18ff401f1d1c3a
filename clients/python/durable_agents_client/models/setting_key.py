from enum import StrEnum

class SettingKey(StrEnum):
    CODE_SANDBOX_API_KEY = "CODE_SANDBOX_API_KEY"
    CODE_SANDBOX_URL = "CODE_SANDBOX_URL"
    EXA_API_KEY = "EXA_API_KEY"
    EXA_URL = "EXA_URL"
    SMTP_FROM = "SMTP_FROM"
    SMTP_URL = "SMTP_URL"
    VISION_MODEL = "VISION_MODEL"
    WEB_SEARCH_API_KEY = "WEB_SEARCH_API_KEY"
    WEB_SEARCH_PROVIDER = "WEB_SEARCH_PROVIDER"
    WEB_SEARCH_URL = "WEB_SEARCH_URL"

    def __str__(self) -> str:
        return str(self.value)
