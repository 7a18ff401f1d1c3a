from enum import StrEnum

class SettingKey(StrEnum):
    CODE_SANDBOX_API_KEY = "CODE_SANDBOX_API_KEY"
    CODE_SANDBOX_URL = "CODE_SANDBOX_URL"
    WEB_SEARCH_API_KEY = "WEB_SEARCH_API_KEY"
    WEB_SEARCH_URL = "WEB_SEARCH_URL"

    def __str__(self) -> str:
        return str(self.value)
