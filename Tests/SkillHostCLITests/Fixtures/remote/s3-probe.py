# Asks skillhost's S3 API what a skill's boto3 client could ask, with the credentials in the
# environment (skillhost storage credentials ID) and with others; prints one JSON line per
# case: {"case": …, "code": the S3 error code or "OK", "body": what a GET returned}.
import json
import os

import boto3
import botocore
from botocore.config import Config

# One attempt each, so that a refusal is seen as it is; patient, for a test machine under load.
once = Config(retries={"max_attempts": 1}, connect_timeout=120, read_timeout=120)
mine = boto3.client("s3", config=once)


def probe(case, call):
    try:
        result = call()
        body = result["Body"].read().decode() if result and "Body" in result else None
        print(json.dumps({"case": case, "code": "OK", "body": body}))
    except botocore.exceptions.ClientError as error:
        print(json.dumps({"case": case, "code": error.response["Error"].get("Code"), "message": error.response["Error"].get("Message", "")}))
    except Exception as error:  # no answer at all: said, and the next case tried
        print(json.dumps({"case": case, "code": "NO ANSWER", "message": "{}: {}".format(type(error).__name__, error)}))


def client(key, secret):
    return boto3.client("s3", config=once, aws_access_key_id=key, aws_secret_access_key=secret)


probe("missing", lambda: mine.get_object(Bucket="any", Key="amzn1.ask.account.nobody"))
probe("head missing", lambda: mine.head_object(Bucket="any", Key="amzn1.ask.account.nobody"))
probe("put", lambda: mine.put_object(Bucket="any", Key="amzn1.ask.account.probe", Body=json.dumps({"visits": 3})))
probe("get", lambda: mine.get_object(Bucket="another", Key="amzn1.ask.account.probe"))
probe("not json", lambda: mine.put_object(Bucket="any", Key="amzn1.ask.account.probe", Body=b"\x00\x01 not json"))
probe("get after refusal", lambda: mine.get_object(Bucket="any", Key="amzn1.ask.account.probe"))
probe("list", lambda: mine.list_objects_v2(Bucket="any"))
probe("wrong secret", lambda: client(os.environ["AWS_ACCESS_KEY_ID"], "not-the-secret").get_object(Bucket="any", Key="amzn1.ask.account.probe"))
probe("another skill", lambda: client("com.example.other", os.environ["OTHER_SECRET"]).get_object(Bucket="any", Key="amzn1.ask.account.probe"))
probe("delete", lambda: mine.delete_object(Bucket="any", Key="amzn1.ask.account.probe"))
probe("get after delete", lambda: mine.get_object(Bucket="any", Key="amzn1.ask.account.probe"))
