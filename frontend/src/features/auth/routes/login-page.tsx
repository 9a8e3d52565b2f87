import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { LOGIN_REDIRECT_DELAY_MS } from '@/config/toast'
import { errorMessage } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { afterSignIn, NEXT_PARAM } from '@/lib/return-to'
import type { AuthResponse } from '@/types/api'
import { useLogin } from '../api/login'
import { LoginPageView } from '../components/login-page-view'

type PendingLogin = { auth: AuthResponse; remember: boolean }

/**
 * /login. On success: toast "Login successful!", then after 1000 ms (spec §4) store the session
 * and go to the page `next` names (the one a guard or a link sent the visitor from), or
 * /dashboard. The session is stored only then because /login sends signed-in users on at once,
 * which would cut the delay short.
 */
export function LoginPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const destination = afterSignIn(params)
  const storeLogin = useAuthStore((state) => state.login)
  const [isRedirecting, setIsRedirecting] = useState(false)
  const remember = useRef(false)
  const pending = useRef<PendingLogin | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // Leaving the page during the delay must not lose the session that was just opened.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      if (pending.current) storeLogin(pending.current.auth, { remember: pending.current.remember })
      pending.current = null
    },
    [storeLogin],
  )

  const loginMutation = useLogin({
    onSuccess: (auth) => {
      notify.success('Login successful!')
      pending.current = { auth, remember: remember.current }
      setIsRedirecting(true)
      timer.current = setTimeout(() => {
        const done = pending.current
        pending.current = null
        if (done) storeLogin(done.auth, { remember: done.remember })
        navigate(destination, { replace: true })
      }, LOGIN_REDIRECT_DELAY_MS)
    },
    onError: (error) => notify.error(errorMessage(error, 'Login failed')),
  })

  return (
    <LoginPageView
      onSubmit={(values) => {
        remember.current = values.remember
        loginMutation.mutate({ email: values.email, password: values.password })
      }}
      isSubmitting={loginMutation.isPending || isRedirecting}
      error={loginMutation.error}
      next={params.get(NEXT_PARAM)}
    />
  )
}
